export { renderMarkdown } from "./markdown.js";
