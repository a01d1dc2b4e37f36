"""The bundled rulesets, installed as the package interpreter.rulesets (see `cardrules list`)."""
