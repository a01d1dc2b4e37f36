"""The rules-language guide (language.md), installed as the package interpreter.docs (see `cardrules guide`)."""
