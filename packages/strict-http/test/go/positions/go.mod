module positions

go 1.26
