; Chunk boundaries for cpp: to be written.
