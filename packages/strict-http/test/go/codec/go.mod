module strictcodec

go 1.26
