"""Model registry and backends. Submodules import their heavy dependencies (llama_cpp, openai,
sentence-transformers) lazily: `registry` (LLM entries), `gguf` (header reader), `llm` (the one
interface), `llama_backend`, `openai_backend`, `keys`, `embedders`."""
