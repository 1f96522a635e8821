"""The Dask backend of :mod:`solver.parallel`: on a LocalCluster of two worker
processes, maps give the thread backend's results, a failing task is tried again and
then raised, and options are checked."""

import pytest

pytest.importorskip("distributed", reason="the Dask backend needs the dask extra: pip install -e '.[test]'")

from solver.errors import ConstraintError  # noqa: E402
from solver.parallel import executor, map_tasks  # noqa: E402

DEALS = ["N:AK.K8.K8.A8 T98.QT.J9.7 Q.A.AQ7.KQJ J7.J97.T.T9", "N:A.-.-.- K.-.-.- 7.-.-.- 8.-.-.-"]


def _points(solver, task):
    deal, strain = task
    return solver.solve(deal, strain, "S").ns_points


def _fails_twice(solver, task):
    import os
    path = f"{task}.tries"
    n = int(open(path).read()) if os.path.exists(path) else 0
    with open(path, "w") as f:
        f.write(str(n + 1))
    if n < 2:
        raise RuntimeError(f"try {n}")
    return n


def _always_fails(solver, task):
    raise ValueError(f"bad task {task}")


def _disk_full(solver, task):
    raise OSError(28, f"no space left for task {task}")


@pytest.fixture(scope="module")
def cluster():
    with executor("dask", 4, local_workers=2, retries=2) as ex:
        yield ex


def test_the_local_clusters_web_server_listens_on_the_loopback_only(cluster):
    # no dashboard; the scheduler's HTTP server (health, metrics) on a free port of
    # 127.0.0.1, not on every interface, and not on 8787, which another cluster may hold
    server = cluster._cluster.scheduler.http_server
    assert server.address == "127.0.0.1" and server.port != 8787


def test_maps_equal_the_thread_backend(cluster):
    tasks = [(d, s) for d in DEALS for s in "SHDC"] * 3
    expected = map_tasks(_points, tasks, workers=1)
    assert [r for _, r in sorted(cluster.map_unordered(_points, tasks))] == expected
    assert list(cluster.map_ordered(_points, tasks)) == expected
    seen = []
    list(cluster.map_unordered(_points, tasks, progress=lambda d, t: seen.append((d, t))))
    assert seen == [(k, len(tasks)) for k in range(1, len(tasks) + 1)]


def test_a_failing_task_is_retried_then_raised(cluster, tmp_path):
    assert cluster.submit(_fails_twice, str(tmp_path / "t"))() == 2     # third try, Dask's retries=2
    with pytest.raises(ValueError, match="bad task 7"):
        list(cluster.map_unordered(_always_fails, [7]))


def test_a_tasks_own_os_error_is_not_a_lost_scheduler(cluster):
    # the client is connected: the task's error comes back as itself
    with pytest.raises(OSError, match="no space left for task 3"):
        list(cluster.map_unordered(_disk_full, [3]))


def test_an_os_error_while_the_client_reconnects_is_a_lost_scheduler():
    # what the client raises when the scheduler died and reconnecting timed out
    from types import SimpleNamespace

    from solver.parallel import DaskExecutor, SchedulerLostError
    timed_out = OSError("Timed out trying to connect to tcp://127.0.0.1:9 after 10 s")
    gone = SimpleNamespace(address="tcp://127.0.0.1:9", _client=SimpleNamespace(status="connecting"), _gone=False)
    lost = DaskExecutor._lost(gone, timed_out)
    assert isinstance(lost, SchedulerLostError)
    assert str(lost) == "lost the Dask scheduler at tcp://127.0.0.1:9"
    here = SimpleNamespace(address="tcp://127.0.0.1:9", _client=SimpleNamespace(status="running"), _gone=False)
    assert DaskExecutor._lost(here, timed_out) is None


def test_options_are_checked():
    with pytest.raises(ConstraintError, match="the process backend takes no option address"):
        executor("process", 1, address="tcp://127.0.0.1:8786")
    with pytest.raises(ConstraintError, match="a scheduler address or a number of local workers"):
        executor("dask", 1)
    with pytest.raises(ConstraintError, match="retries -1"):
        executor("dask", 1, local_workers=1, retries=-1)


def test_no_scheduler_is_one_clear_error(monkeypatch):
    from solver.parallel import DaskExecutor
    monkeypatch.setattr(DaskExecutor, "connect_timeout", "1s")
    with pytest.raises(ConstraintError, match="no Dask scheduler at 'tcp://127.0.0.1:9'"):
        executor("dask", 1, address="tcp://127.0.0.1:9")
