"""The daemons a test of several servers needs, each started for real in a
folder of its own on ports of its own: PostgreSQL (Debian's initdb and
pg_ctl) and nginx as a reverse proxy, run as an unprivileged user (nobody,
when the test runs as root: PostgreSQL refuses root). A daemon that cannot
start raises Failed with its log; stop() ends each and leaves nothing."""
import glob
import os
import pwd
import re
import shutil
import socket
import subprocess
import time


class Failed(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError as e:
        return "(%s)" % e


def wait_for_port(port, seconds, alive=None):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if alive is not None and not alive():
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.05)
    return False


class Folder:
    """A temporary folder the daemons' user owns, and that user."""

    def __init__(self, prefix):
        self.path = os.path.realpath(__import__("tempfile").mkdtemp(prefix=prefix))
        self.user = None
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            self.user = (nobody.pw_uid, nobody.pw_gid)
            os.chown(self.path, *self.user)

    def run_as(self):
        """subprocess's arguments that run a command as the daemons' user."""
        if self.user is None:
            return {}
        return {"user": self.user[0], "group": self.user[1], "extra_groups": []}

    def remove(self):
        shutil.rmtree(self.path, ignore_errors=True)


def program(pattern, what):
    found = sorted(glob.glob(pattern))
    if not found:
        raise Failed("%s not found (%s): scripts/setup installs it" % (what, pattern))
    return found[-1]


class Postgres:
    """A PostgreSQL cluster of its own: initdb, then pg_ctl start, a database
    `games` owned by the role `gridgames`, trusted on loopback only."""

    def __init__(self, folder):
        self.folder = folder
        bin_dir = os.path.dirname(program("/usr/lib/postgresql/*/bin/initdb", "PostgreSQL's initdb"))
        self.bin = bin_dir
        self.data = os.path.join(folder.path, "pg")
        self.log = os.path.join(folder.path, "pg.log")
        self.port = free_port()
        self.started = False

    def tool(self, name, *args, log):
        with open(log, "a") as out:
            done = subprocess.run([os.path.join(self.bin, name), *args], stdout=out,
                                  stderr=subprocess.STDOUT, cwd=self.folder.path, timeout=120,
                                  **self.folder.run_as())
        if done.returncode != 0:
            raise Failed("PostgreSQL's %s failed (exit %d):\n%s" % (name, done.returncode, read(log)))

    def start(self):
        init_log = os.path.join(self.folder.path, "initdb.log")
        self.tool("initdb", "-D", self.data, "-U", "gridgames", "--auth=trust", "--no-sync",
                  "--encoding=UTF8", "--locale=C", log=init_log)
        options = "-p %d -k %s -c listen_addresses=127.0.0.1" % (self.port, self.folder.path)
        self.tool("pg_ctl", "-D", self.data, "-l", self.log, "-o", options, "-w", "-t", "60",
                  "start", log=init_log)
        self.started = True
        self.tool("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "gridgames", "games",
                  log=init_log)

    def url(self):
        return "postgresql://gridgames@127.0.0.1:%d/games" % self.port

    def stop(self):
        if self.started:
            subprocess.run([os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-m", "immediate",
                            "-w", "stop"], capture_output=True, timeout=60, **self.folder.run_as())
            self.started = False


# nginx's own settings for a test (its folder for everything it writes);
# the proxy's are docs/web.md's, ports filled in.
NGINX_CONF = """\
daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log info;
events {{ worker_connections 1024; }}
http {{
    access_log {dir}/access.log;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
{proxy}
}}
"""
DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "web.md")


def documented_proxy(ports, port):
    """The nginx configuration docs/web.md gives for two servers (on 8081
    and 8082, listening on 80), for servers on `ports` and a proxy on `port`."""
    found = re.search(r"```nginx\n(.*?)```", read(DOCS), re.S)
    if not found:
        raise Failed("docs/web.md has no nginx configuration")
    conf = found.group(1)
    for was, now in [("127.0.0.1:8081", "127.0.0.1:%d" % ports[0]),
                     ("127.0.0.1:8082", "127.0.0.1:%d" % ports[1]),
                     ("listen 80;", "listen 127.0.0.1:%d;" % port)]:
        if was not in conf:
            raise Failed("docs/web.md's nginx configuration has no %r" % was)
        conf = conf.replace(was, now)
    return conf


class Nginx:
    """Debian's nginx in front of the servers at `ports`."""

    def __init__(self, folder, ports):
        self.folder = folder
        self.binary = program("/usr/sbin/nginx", "nginx")
        self.dir = os.path.join(folder.path, "nginx")
        self.port = free_port()
        self.ports = ports
        self.process = None

    def start(self):
        os.makedirs(self.dir)
        if self.folder.user:
            os.chown(self.dir, *self.folder.user)
        conf = os.path.join(self.dir, "nginx.conf")
        with open(conf, "w") as f:
            f.write(NGINX_CONF.format(dir=self.dir, proxy=documented_proxy(self.ports, self.port)))
        self.log = os.path.join(self.dir, "error.log")
        self.process = subprocess.Popen([self.binary, "-p", self.dir, "-c", conf, "-e", self.log],
                                        stdout=subprocess.DEVNULL, stderr=open(self.log + ".start", "w"),
                                        **self.folder.run_as())
        if not wait_for_port(self.port, 20, lambda: self.process.poll() is None):
            raise Failed("nginx did not start:\n%s\n%s" % (read(self.log + ".start"), read(self.log)))

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
