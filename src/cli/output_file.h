/* SPDX-License-Identifier: Apache-2.0 */
/* All-or-nothing output for the CLI.
 *
 * -o FILE is written to a temporary file in FILE's directory (".FILE.XXXXXX",
 * created by mkstemp, so on the same file system) and renamed onto FILE only
 * when the command succeeded, after fflush, fsync and fclose all succeeded;
 * on any error (and on SIGINT/SIGTERM/SIGHUP/SIGQUIT) the temporary file is
 * removed, so FILE is either the complete result or untouched. A new FILE
 * gets 0666 & ~umask, a replaced one keeps its permission bits.
 *
 * Standard output, and a FILE that exists but is not a regular file (a
 * device such as /dev/null, a FIFO), cannot be replaced atomically: they are
 * written directly ("direct"), and the caller decides what may be streamed
 * (cmd_cipher.c holds back what could still fail). */
#ifndef SC_CLI_OUTPUT_FILE_H
#define SC_CLI_OUTPUT_FILE_H
#include <limits.h>
#include <stdio.h>

typedef struct cli_out {
    FILE *f;
    int direct;            /* bytes are visible as soon as written */
    int is_temp;           /* f is tmp, renamed onto target at commit */
    const char *name;      /* for messages: the path or "standard output" */
    char target[PATH_MAX]; /* the file the rename replaces (symlinks resolved) */
    char tmp[PATH_MAX];
} cli_out;

/* Open path (NULL or "-": standard output). 0, or 1 after printing
 * "who: ..." on stderr. */
int cli_out_open(cli_out *o, const char *who, const char *path);
/* Write n bytes: 0, or 1 after printing an error. */
int cli_out_write(cli_out *o, const char *who, const void *buf, size_t n);
/* A temporary file only (o->is_temp, nothing written through cli_out_write
 * yet): write n bytes at byte `offset`, from any thread (pieces produced in
 * parallel land at their places; commit then makes the whole file final).
 * 0, or an errno (nothing printed: the caller reports it once). */
int cli_out_pwrite(cli_out *o, const void *buf, size_t n, uint64_t offset);
/* Make the output final (flush, fsync, close, rename): 0, or 1 after
 * printing an error and removing the temporary file. */
int cli_out_commit(cli_out *o, const char *who);
/* Drop the output: close and remove the temporary file. Safe after commit
 * and on an output that was never opened (zero-initialised). */
void cli_out_abort(cli_out *o);

/* Process start (main.c): if descriptor 0, 1 or 2 is closed, occupy it with
 * /dev/null opened in the wrong direction, so that reading a closed stdin or
 * writing a closed stdout fails (EBADF) instead of silently succeeding on
 * whatever file the program opens next and gets the descriptor. */
void cli_occupy_std_fds(void);
/* Process end (main.c): flush and close stdout; 0, or 1 when anything
 * written to it was lost (full disk, closed or broken pipe), after printing
 * a message if report is set. */
int cli_close_stdout(int report);
#endif
