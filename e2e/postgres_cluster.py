"""A throwaway PostgreSQL cluster for tests that stop and start it under a running server (the suite's shared
cluster must stay up for everyone else). Like scripts/lib.sh's start_postgres: trust auth on loopback, owned by
the `postgres` user when the tests run as root (PostgreSQL refuses to run as root)."""
import glob
import os
import socket
import subprocess
import tempfile


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresCluster:
    def __init__(self):
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: [int(x) for x in p.split("/")[4].split(".") if x.isdigit()])
        assert bins, "PostgreSQL server binaries not found (apt-get install postgresql)"
        self.bin = bins[-1]
        self.dir = tempfile.mkdtemp(prefix="cadence-pg-")
        self.port = _free_port()
        self.run_as = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        if os.getuid() == 0:
            subprocess.run(["chown", "postgres", self.dir], check=True)
        subprocess.run(self.run_as + [f"{self.bin}/initdb", "-D", f"{self.dir}/data", "-U", "postgres", "-A", "trust", "--no-sync"],
                       check=True, capture_output=True)
        self.start()
        subprocess.run(self.run_as + [f"{self.bin}/createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "cadence"],
                       check=True, capture_output=True)
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/cadence?sslmode=disable"

    def start(self):
        subprocess.run(self.run_as + [f"{self.bin}/pg_ctl", "-D", f"{self.dir}/data", "-l", f"{self.dir}/server.log", "-w", "-o",
                                      f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off", "start"],
                       check=True, capture_output=True)

    def stop(self, mode="fast"):
        subprocess.run(self.run_as + [f"{self.bin}/pg_ctl", "-D", f"{self.dir}/data", "-m", mode, "-w", "stop"], capture_output=True)

    def close(self):
        self.stop("immediate")
        subprocess.run(["rm", "-rf", self.dir])
