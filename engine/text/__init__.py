"""Language-aware text helpers shared by retrieval and scoring: language identification and the
normalisation used to group answers and match lexicon entries. No Qt, no SQL."""
