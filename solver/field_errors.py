"""What is wrong with a value the validator refused, in words the catalogue translates.

One home for the board's requests of the wrong shape (:mod:`solver.web.api`) and the
command line's options of the wrong type (``--samples abc``, :mod:`coinche_cli.errors`):
both meet pydantic's errors, and both say them through :func:`problem`.

>>> from solver.messages import writing_in
>>> error = {"type": "greater_than_equal", "ctx": {"ge": 1.0}, "msg": "Input should be >= 1"}
>>> problem(error)
'expected a number of at least 1'
>>> with writing_in("fr"):
...     problem({"type": "int_parsing", "msg": "Input should be a valid integer"})
'il faut un nombre entier'
"""

from __future__ import annotations

from typing import Any, Mapping

from .messages import N_, tr

__all__ = ["PROBLEMS", "problem"]

#: What is wrong with a value, by the validator's error type (the validator's own
#: English sentence for the other types).
PROBLEMS: dict[str, str] = {
    "missing": N_("missing: the request needs this field"),
    "string_type": N_("expected text"),
    "int_type": N_("expected a whole number"),
    "int_parsing": N_("expected a whole number"),
    "int_from_float": N_("expected a whole number"),
    "float_type": N_("expected a number"),
    "float_parsing": N_("expected a number"),
    "finite_number": N_("expected a finite number"),
    "greater_than": N_("expected a number above {gt}"),
    "less_than": N_("expected a number below {lt}"),
    "string_unicode": N_("expected Unicode text"),
    "too_short": N_("fewer than {min_length} items"),
    "enum": N_("expected one of {expected}"),
    "extra_forbidden": N_("unknown field"),
    "bool_type": N_("expected true or false"),
    "bool_parsing": N_("expected true or false"),
    "list_type": N_("expected a list"),
    "dict_type": N_("expected an object of fields"),
    "model_type": N_("expected an object of fields"),
    "model_attributes_type": N_("expected an object of fields"),
    "string_too_short": N_("text shorter than {min_length} characters"),
    "string_too_long": N_("text longer than {max_length} characters"),
    "too_long": N_("more than {max_length} items"),
    "greater_than_equal": N_("expected a number of at least {ge}"),
    "less_than_equal": N_("expected a number of at most {le}"),
    "literal_error": N_("expected one of {expected}"),
}


def problem(error: Mapping[str, Any]) -> str:
    """What one validator error (an item of pydantic's ``errors()``) says is wrong, in
    the output language: its type's words with their bounds, else the validator's own
    sentence."""
    template = PROBLEMS.get(str(error.get("type", "")))
    if template is None:
        return tr("{detail}", detail=error.get("msg", "invalid"))
    fields = {k: str(int(v) if isinstance(v, float) and v.is_integer() else v)
              for k, v in (error.get("ctx") or {}).items()}
    if "expected" in fields:                     # the validator's list: 'pimc', 'heuristic' or 'random'
        fields["expected"] = fields["expected"].replace(" or ", tr(" or "))
    return tr(template, **fields)
