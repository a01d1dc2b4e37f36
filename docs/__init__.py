"""The guides, installed as the package interpreter.docs: the rules language (language.md, which `cardrules guide`
shows) and every page beside it."""
