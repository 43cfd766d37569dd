/* SPDX-License-Identifier: Apache-2.0 */
/* All-or-nothing output (see output_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "output_file.h"

/* The temporary file a signal must remove (one output per process). */
static const char *volatile signal_tmp;

static void on_signal(int sig)
{
    const char *tmp = signal_tmp;
    if (tmp) unlink(tmp); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void remove_tmp_on_signals(const char *tmp)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaddset(&sa.sa_mask, sigs[i]);
    signal_tmp = tmp;
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaction(sigs[i], &sa, NULL);
}

/* ".NAME.XXXXXX" next to target. */
static int tmp_name(cli_out *o)
{
    const char *slash = strrchr(o->target, '/');
    int dir_len = slash ? (int)(slash - o->target) + 1 : 0;
    int n = snprintf(o->tmp, sizeof o->tmp, "%.*s.%s.XXXXXX", dir_len, o->target,
                     slash ? slash + 1 : o->target);
    return n > 0 && (size_t)n < sizeof o->tmp ? 0 : -1;
}

static int open_direct(cli_out *o, const char *who, const char *path)
{
    o->direct = 1;
    if (path == NULL) {
        o->f = stdout;
        return 0;
    }
    if ((o->f = fopen(path, "wb")) == NULL) return cli_error("%s: cannot write '%s': %s", who, path, strerror(errno));
    return 0;
}

int cli_out_open(cli_out *o, const char *who, const char *path)
{
    memset(o, 0, sizeof *o);
    if (path == NULL || !strcmp(path, "-")) {
        o->name = "standard output";
        return open_direct(o, who, NULL);
    }
    o->name = path;
    struct stat st;
    mode_t mode;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) return cli_error("%s: cannot write '%s': %s", who, path, strerror(EISDIR));
        if (!S_ISREG(st.st_mode)) return open_direct(o, who, path); /* /dev/null, a FIFO: nothing to replace */
        /* Renaming over a file we could not write to would bypass its
         * permissions (as sed -i does): refuse, as a plain open would. */
        if (access(path, W_OK) != 0) return cli_error("%s: cannot write '%s': %s", who, path, strerror(errno));
        mode = st.st_mode & 07777;
        /* Replace the file a symlink points to, not the link. */
        if (realpath(path, o->target) == NULL) return cli_error("%s: cannot resolve '%s': %s", who, path, strerror(errno));
    } else if (errno == ENOENT) {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
        if (strlen(path) >= sizeof o->target) return cli_error("%s: output path too long", who);
        strcpy(o->target, path);
    } else {
        return cli_error("%s: cannot write '%s': %s", who, path, strerror(errno));
    }
    if (tmp_name(o) != 0) return cli_error("%s: output path too long", who);
    int fd = mkstemp(o->tmp);
    if (fd < 0) return cli_error("%s: cannot create a temporary file next to '%s': %s", who, path, strerror(errno));
    o->is_temp = 1;
    remove_tmp_on_signals(o->tmp);
    if (fchmod(fd, mode) != 0 || (o->f = fdopen(fd, "wb")) == NULL) {
        int err = errno;
        close(fd);
        unlink(o->tmp);
        o->is_temp = 0;
        signal_tmp = NULL;
        return cli_error("%s: cannot write '%s': %s", who, path, strerror(err));
    }
    return 0;
}

int cli_out_write(cli_out *o, const char *who, const void *buf, size_t n)
{
    if (n && fwrite(buf, 1, n, o->f) != n) return cli_error("%s: cannot write %s: %s", who, o->name, strerror(errno));
    return 0;
}

int cli_out_pwrite(cli_out *o, const void *buf, size_t n, uint64_t offset)
{
    if (!o->is_temp) return EINVAL;
    for (size_t done = 0; done < n;) {
        ssize_t w = pwrite(fileno(o->f), (const char *)buf + done, n - done, (off_t)(offset + done));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return w < 0 ? errno : EIO;
        done += (size_t)w;
    }
    return 0;
}

/* strerror(err), or a plain phrase when the errno of an earlier failed
 * write is gone (err < 0). */
static const char *reason(int err) { return err > 0 ? strerror(err) : "a write failed"; }

int cli_out_commit(cli_out *o, const char *who)
{
    errno = 0;
    int err = 0;
    if (fflush(o->f) != 0 || ferror(o->f)) err = errno ? errno : -1;
    else if (o->is_temp && fsync(fileno(o->f)) != 0) err = errno;
    if (o->f != stdout) {
        if (fclose(o->f) != 0 && !err) err = errno;
        o->f = NULL;
    }
    if (!err && o->is_temp && rename(o->tmp, o->target) != 0) err = errno;
    if (err) {
        cli_out_abort(o);
        return cli_error("%s: cannot write %s: %s", who, o->name, reason(err));
    }
    o->is_temp = 0;
    signal_tmp = NULL;
    return 0;
}

void cli_out_abort(cli_out *o)
{
    if (o->f && o->f != stdout) fclose(o->f);
    o->f = NULL;
    if (o->is_temp) unlink(o->tmp);
    o->is_temp = 0;
    signal_tmp = NULL;
}

void cli_occupy_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
            /* open() returns the lowest free descriptor: this one. */
            int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
            if (got >= 0 && got != fd) close(got);
        }
}

int cli_close_stdout(int report)
{
    errno = 0;
    int err = fflush(stdout) != 0 ? (errno ? errno : -1) : 0;
    if (!err && ferror(stdout)) err = -1; /* an earlier write failed; its errno is gone */
    if (fclose(stdout) != 0 && !err) err = errno ? errno : -1;
    if (err && report) cli_error("cannot write to standard output: %s", reason(err));
    return err ? 1 : 0;
}
