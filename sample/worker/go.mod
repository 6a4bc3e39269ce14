module example.com/bookshop/worker

go 1.22
