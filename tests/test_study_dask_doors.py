"""The Dask backend's doors: a ``tls://`` scheduler without certificates, and a script
starting a local cluster without ``if __name__ == "__main__":``, are one clear line
before any connection or process is tried."""

import subprocess
import sys

import pytest

pytest.importorskip("distributed", reason="the Dask backend needs the dask extra")
pytest.importorskip("pyarrow", reason="studies need pyarrow")

from solver.errors import ConstraintError  # noqa: E402
from solver.parallel import executor  # noqa: E402

COINCHE = [sys.executable, "-m", "coinche_cli.main"]
TLS_ENV = ("DASK_DISTRIBUTED__COMM__TLS__CA_FILE", "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT",
           "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY")


def _no_tls(monkeypatch):
    import dask.config
    for name in TLS_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setitem(dask.config.config["distributed"]["comm"], "tls",
                        {**dask.config.config["distributed"]["comm"]["tls"], "ca-file": None,
                         "client": {"cert": None, "key": None}})


def test_a_tls_scheduler_without_certificates_is_refused_before_connecting(monkeypatch):
    _no_tls(monkeypatch)
    # port 9 (discard): nothing answers there, so a connection attempt would wait its 10 s
    with pytest.raises(ConstraintError, match="speaks TLS, and no certificate is set"):
        executor("dask", 1, address="tls://127.0.0.1:9")


def test_the_cli_says_it_in_one_line_and_exits_2(tmp_path, monkeypatch):
    env = {k: v for k, v in __import__("os").environ.items() if k not in TLS_ENV}
    out = subprocess.run(COINCHE + ["study", "run", str(tmp_path / "s"), "--deals", "4", "--strains", "H",
                                    "--scheduler", "tls://127.0.0.1:9"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert "DASK_DISTRIBUTED__COMM__TLS__CA_FILE" in out.stderr


def test_a_script_without_the_main_guard_is_told_before_any_worker_starts(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text("import solver\n"
                      "solver.study('d', deals=4, seed=1, strains='H', chunk_size=2, backend='dask',\n"
                      "             backend_options={'local_workers': 1})\n")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path,
                         timeout=120)
    assert out.returncode == 1
    assert out.stderr.strip().splitlines()[-1].endswith(
        "started from a script's top level (line 2): put the script's work under "
        "'if __name__ == \"__main__\":', since each worker process imports the script again")
    assert out.stderr.count("Traceback") == 1 and not list(tmp_path.glob("d/chunks/*.parquet"))


def _wait(solver, seconds):
    import time
    time.sleep(seconds)
    return seconds


def test_a_stopped_dask_map_keeps_the_tasks_finished_but_not_handed_out():
    import cloudpickle
    import time
    cloudpickle.register_pickle_by_value(sys.modules[__name__])     # the workers cannot import tests/
    with executor("dask", 2, local_workers=2) as ex:
        results = ex.map_unordered(_wait, [0.0, 0.2, 0.2, 0.2], per_job=1)
        first = next(results)
        time.sleep(3)                        # the others finish on the workers meanwhile
        results.close()                      # as on Ctrl-C: the study writes what is unclaimed
        kept = sorted(i for i, _ in ex.unclaimed)
    assert sorted([first[0], *kept]) == [0, 1, 2, 3]
