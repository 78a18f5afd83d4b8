// jStat ships no type declarations; the tests use a handful of its functions.
declare module "jstat" {
  const jStat: {
    mean(xs: number[]): number;
    median(xs: number[]): number;
    stdev(xs: number[], sample?: boolean): number;
    geomean(xs: number[]): number;
    studentt: { inv(p: number, dof: number): number };
  };
  export default jStat;
}
