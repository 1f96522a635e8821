"""The analysis board: a local web page over the package's analyses.

``solver.web`` needs the ``web`` extra (FastAPI, uvicorn); ``import solver`` never
imports it.  :func:`create_app` builds the application: the JSON API under ``/api``
(see :mod:`solver.web.api`), its OpenAPI page at ``/docs``, and the page itself,
static HTML, CSS and JavaScript shipped in ``solver/web/static``.

    coinche serve --port 8000      # then open http://127.0.0.1:8000/
"""

from .api import create_app

__all__ = ["create_app"]
