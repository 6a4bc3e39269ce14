; Chunk boundaries for csharp: to be written.
