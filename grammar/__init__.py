"""The expression grammar and the ruleset JSON Schema, installed as the package interpreter.grammar."""
