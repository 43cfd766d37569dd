/* SPDX-License-Identifier: Apache-2.0 */
/* simdcrypt speed: result tables (markdown, pasted into BENCHMARKS.md as is)
 * and the JSON file tools/bench_report.py reads. */
#include <string.h>

#include "bench_harness.h"
#include "cli.h"

/* After the name of the kernel the dispatcher runs at that size. */
#define DISPATCHED_MARK " (dispatched)"

const char *bench_kind_name(enum bench_kind kind)
{
    switch (kind) {
    case BENCH_REFERENCE: return "reference";
    case BENCH_KERNEL: return "kernel";
    case BENCH_PEER: return "peer";
    case BENCH_BATCH: return "batch";
    case BENCH_LIMIT: return "limit";
    }
    return "?";
}

void bench_format_size(char *buf, size_t len, size_t bytes)
{
    if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) snprintf(buf, len, "%zu MiB", bytes >> 20);
    else if (bytes >= 1024 && bytes % 1024 == 0) snprintf(buf, len, "%zu KiB", bytes >> 10);
    else snprintf(buf, len, "%zu B", bytes);
}

/* Significant digits that stay readable from 0.01 to 500 GB/s or cpb. */
static void format_number(char *buf, size_t len, double v)
{
    if (v >= 100) snprintf(buf, len, "%.1f", v);
    else if (v >= 1) snprintf(buf, len, "%.2f", v);
    else snprintf(buf, len, "%.3f", v);
}

/* The registry algorithm a speed name belongs to ("kalyna-128-128-ecb" ->
 * "kalyna", "aes-128-gcm" -> "aes"; a checksum is its own). */
static const char *registry_algorithm(const char *speed_name)
{
    const char *family = bench_speed_family(speed_name);
    return family ? family : speed_name;
}

int bench_is_dispatched(const bench_case *c, size_t size)
{
    if (strncmp(c->implementation, "dispatched (", 12) == 0) return 1;
    sc_dispatch_info d;
    if (c->kind != BENCH_KERNEL && c->kind != BENCH_REFERENCE) return 0;
    if (sc_dispatch_get(registry_algorithm(c->algorithm), &d) != SC_OK) return 0;
    return strcmp(c->implementation, size < d.crossover ? d.short_kernel : d.kernel) == 0;
}

static const bench_result *find_kind(const bench_result *results, size_t count, size_t size, enum bench_kind kind)
{
    for (size_t i = 0; i < count; i++)
        if (results[i].size == size && results[i].c->kind == kind) return &results[i];
    return NULL;
}

void bench_print_algorithm(FILE *f, const bench_set *set, const bench_result *results, size_t count,
                           const bench_options *opt)
{
    int name_w = (int)strlen("implementation");
    for (size_t i = 0; i < set->count; i++) {
        int w = (int)strlen(set->cases[i].implementation) + (int)strlen(DISPATCHED_MARK);
        if (w > name_w) name_w = w;
    }
    char dashes[BENCH_NAME_MAX + 1];
    memset(dashes, '-', sizeof dashes - 1);
    dashes[sizeof dashes - 1] = '\0';

    for (size_t s = 0; s < opt->nsizes; s++) {
        size_t size = opt->sizes[s];
        char size_text[32];
        bench_format_size(size_text, sizeof size_text, size);
        fprintf(f, "\n### %s, %s per call (%s)\n\n", set->algorithm, size_text,
                opt->latency ? "latency: each result feeds the next call" : "throughput");
        fprintf(f, "| %-*s | %-9s | %8s | %8s | %10s | %10s |\n", name_w, "implementation", "kind", "GB/s", "cpb",
                "% of limit", "x portable");
        fprintf(f, "|-%.*s-|-----------|---------:|---------:|-----------:|-----------:|\n", name_w, dashes);
        const bench_result *limit = find_kind(results, count, size, BENCH_LIMIT);
        const bench_result *ref = find_kind(results, count, size, BENCH_REFERENCE);
        for (size_t i = 0; i < count; i++) {
            const bench_result *r = &results[i];
            if (r->size != size) continue;
            char gbps[16], cpb[16], pct[16] = "-", ratio[16] = "-";
            format_number(gbps, sizeof gbps, r->gbps);
            format_number(cpb, sizeof cpb, r->cpb);
            if (limit) snprintf(pct, sizeof pct, "%.1f%%", 100.0 * r->gbps / limit->gbps);
            if (ref && r->c->kind != BENCH_LIMIT) snprintf(ratio, sizeof ratio, "%.2fx", r->gbps / ref->gbps);
            char name[BENCH_NAME_MAX + sizeof DISPATCHED_MARK];
            snprintf(name, sizeof name, "%s%s", r->c->implementation,
                     bench_is_dispatched(r->c, size) && strncmp(r->c->implementation, "dispatched", 10) ? DISPATCHED_MARK
                                                                                                        : "");
            fprintf(f, "| %-*s | %-9s | %8s | %8s | %10s | %10s |\n", name_w, name, bench_kind_name(r->c->kind), gbps,
                    cpb, pct, ratio);
        }
    }
    int header = 0;
    for (size_t i = 0; i < set->count; i++) {
        const bench_case *c = &set->cases[i];
        if (c->run) continue;
        if (!header) fprintf(f, "\nNot measured (%s):\n", set->algorithm);
        header = 1;
        fprintf(f, "- %s (%s): %s\n", c->implementation, bench_kind_name(c->kind), c->note[0] ? c->note : "no reason given");
    }
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

/* What the figures depend on: machine, build, dispatch. */
static void json_meta(FILE *f, const bench_options *opt)
{
    const sc_cpu_id *id = sc_cpu_identity();
    char model[128];
    bench_cpu_model(model, sizeof model);
    fputs("  \"meta\": {\"cpu_model\": ", f);
    json_string(f, model);
    fputs(", \"cpu\": {\"arch\": ", f);
    json_string(f, id->arch);
    fputs(", \"vendor\": ", f);
    json_string(f, id->vendor);
    fprintf(f,
            ", \"family\": %u, \"model\": %u, \"stepping\": %u, \"hypervisor\": %d, \"midr_implementer\": %u, "
            "\"midr_part\": %u, \"mvendorid\": %llu, \"marchid\": %llu, \"mimpid\": %llu},\n",
            id->family, id->model, id->stepping, id->hypervisor, id->midr_implementer, id->midr_part,
            (unsigned long long)id->mvendorid, (unsigned long long)id->marchid, (unsigned long long)id->mimpid);
    fputs("    \"version\": ", f);
    json_string(f, sc_version());
    fputs(", \"compiler\": ", f);
#if defined(__clang__)
    json_string(f, "clang " __clang_version__);
#elif defined(__GNUC__)
    json_string(f, "gcc " __VERSION__);
#else
    json_string(f, "unknown");
#endif
    fprintf(f, ", \"core_ghz\": %.3f, \"mode\": \"%s\", \"trials\": %d,\n    \"features\": [", opt->core_ghz,
            opt->latency ? "latency" : "throughput", opt->trials);
    int first = 1;
    for (int b = 0; b < SC_F_COUNT; b++)
        if (sc_cpu_features() & SC_FEAT(b)) {
            fputs(first ? "" : ", ", f);
            json_string(f, sc_feature_name(b));
            first = 0;
        }
    fputs("],\n    \"dispatch\": {", f);
    first = 1;
    for (const char *const *a = sc_algorithms(); *a; a++) {
        sc_dispatch_info d;
        if (sc_dispatch_get(*a, &d) != SC_OK) continue;
        fprintf(f, "%s\n      ", first ? "" : ",");
        json_string(f, *a);
        fputs(": {\"kernel\": ", f);
        json_string(f, d.kernel);
        fputs(", \"short_kernel\": ", f);
        json_string(f, d.short_kernel);
        fprintf(f, ", \"crossover\": %zu, \"reason\": \"%s\", \"evidence\": ", d.crossover,
                d.reason == SC_REASON_RULE ? "rule" : d.reason == SC_REASON_OVERRIDE ? "override" : "generic");
        json_string(f, d.evidence);
        fputs("}", f);
        first = 0;
    }
    fputs("}},\n", f);
}

int bench_write_json(FILE *f, const bench_result *results, size_t count, const bench_options *opt)
{
    fputs("{\n", f);
    json_meta(f, opt);
    fputs("  \"results\": [\n", f);
    for (size_t i = 0; i < count; i++) {
        const bench_result *r = &results[i];
        fputs("  {\"algorithm\": ", f);
        json_string(f, r->c->algorithm);
        /* family: the registry algorithm a cipher/MAC/AEAD name belongs to
         * ("kalyna", "magma", "aes"), the algorithm itself otherwise; the report
         * tabulates a family's names together. */
        fputs(", \"family\": ", f);
        json_string(f, registry_algorithm(r->c->algorithm));
        fputs(", \"implementation\": ", f);
        json_string(f, r->c->implementation);
        fprintf(f,
                ", \"kind\": \"%s\", \"size\": %zu, \"gbps\": %.4f, \"cpb\": %.5f, \"mode\": \"%s\", \"core_ghz\": %.3f, "
                "\"dispatched\": %s}%s\n",
                bench_kind_name(r->c->kind), r->size, r->gbps, r->cpb, opt->latency ? "latency" : "throughput",
                opt->core_ghz, bench_is_dispatched(r->c, r->size) ? "true" : "false", i + 1 < count ? "," : "");
    }
    fputs("  ]\n}\n", f);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
