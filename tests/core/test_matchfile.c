/* The match file (docs/match-file.md): a whole match of each of the seven
 * modes written, read back and played again to the same end; every header
 * line kind and the record refused when malformed, with the line named and
 * nothing read; a tampered move, a tampered result and a tampered tape
 * caught; and seeded mutations of good files, each either read (and then
 * written back the same) or refused naming a line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/matchfile.h"
#include "core/matchplay.h"
#include "core/rng.h"
#include "../fuzz/fuzz_mutate.h"
#include "matchfile_util.h"

/* ---------------------------------------------------------------- helpers */

/* The line (from 1) of text that starts with prefix, or 0. */
static int line_starting(const char *text, const char *prefix)
{
    int n = 1;
    size_t k = strlen(prefix);
    for (const char *p = text; *p; n++) {
        if (!strncmp(p, prefix, k))
            return n;
        p = strchr(p, '\n');
        if (!p)
            break;
        p++;
    }
    return 0;
}

/* text with line n (from 1) replaced by with (NULL: removed); malloc'd. */
static char *line_replaced(const char *text, int n, const char *with)
{
    const char *a = text, *b;
    char *out;
    for (int i = 1; i < n; i++)
        a = strchr(a, '\n') + 1;
    b = strchr(a, '\n') + 1;
    out = malloc(strlen(text) + (with ? strlen(with) : 0) + 2);
    assert_non_null(out);
    memcpy(out, text, (size_t)(a - text));
    out[a - text] = 0;
    if (with) {
        strcat(out, with);
        strcat(out, "\n");
    }
    strcat(out, b);
    return out;
}

/* text is refused, naming line with a message that holds words; neither
 * the header nor the body is touched. */
static void refused(const char *text, int line, const char *words)
{
    match_info mi, before;
    char *body = (char *)&before, err[400], want[40];
    memset(&mi, 0x5a, sizeof mi);
    memcpy(&before, &mi, sizeof mi);
    if (match_file_read(text, &mi, &body, err, sizeof err) == 0)
        fail_msg("read, expected line %d: %s", line, words);
    snprintf(want, sizeof want, "match file line %d: ", line);
    if (strncmp(err, want, strlen(want)) || !strstr(err, words))
        fail_msg("expected \"%s...%s\", got \"%s\"", want, words, err);
    assert_memory_equal(&mi, &before, sizeof mi);
    assert_ptr_equal(body, (char *)&before);
}

/* The line key starts replaced by with, refused at that line with words. */
static void refused_as(const char *text, const char *key, const char *with, const char *words)
{
    int n = line_starting(text, key);
    char *bad;
    if (!n)
        fail_msg("no line starts \"%s\"", key);
    bad = line_replaced(text, n, with);
    refused(bad, n, words);
    free(bad);
}

/* Reads text, which must be read; writes it back, which must be text. */
static void reads_back(const char *text, match_info *mi, char **body)
{
    char err[400], *again;
    if (match_file_read(text, mi, body, err, sizeof err) < 0)
        fail_msg("%s", err);
    again = match_file_write(mi, *body);
    assert_non_null(again);
    assert_string_equal(again, text);
    free(again);
}

static void info_equal(const match_info *a, const match_info *b)
{
    assert_string_equal(a->mode, b->mode);
    assert_int_equal(a->params.players, b->params.players);
    assert_memory_equal(a->params.opt, b->params.opt, sizeof a->params.opt);
    for (int s = 0; s < a->params.players; s++) {
        assert_string_equal(a->seat[s].name, b->seat[s].name);
        assert_int_equal(a->seat[s].level, b->seat[s].level);
        assert_int_equal(a->seat[s].place, b->seat[s].place);
        assert_int_equal(a->seat[s].score, b->seat[s].score);
    }
    assert_true(a->seed == b->seed);
    assert_true(a->started == b->started);
    assert_true(a->ended == b->ended);
    assert_int_equal(a->status, b->status);
    assert_string_equal(a->result, b->result);
    assert_string_equal(a->reason, b->reason);
    assert_true(a->played_ms == b->played_ms);
    assert_int_equal(a->moves, b->moves);
    assert_int_equal(a->hints, b->hints);
}

/* mi and body written, read back (the same header, record and file); the file. */
static char *round_trip(const match_info *mi, const char *body)
{
    match_info back;
    char *text = match_file_write(mi, body), *body2;
    assert_non_null(text);
    reads_back(text, &back, &body2);
    info_equal(&back, mi);
    assert_string_equal(body2, body);
    free(body2);
    return text;
}

/* ---------------------------------------------------------------- every mode */

/* For each of the seven modes, a whole match by computers is written as a
 * match file, read back (the same header and record, and the same file
 * written again) and played from the file to the same end: the position's
 * text and hash, or every block's pose; and the places the file gives are
 * the rules' own. */
static void test_every_mode(void **state)
{
    int modes = 0;
    (void)state;
    for (int i = 0; i < registry_count(); i++) {
        const game_info *gi = registry_get(i);
        match_info mi, back;
        mf_final live, again;
        match_end e;
        char *body, *text, *body2, err[400];
        int players = gi->max_players > 2 ? 3 : 2;
        mf_match(gi->id, players, 60 + (uint64_t)i, &mi, &body, &live);
        assert_int_equal(mi.status, MATCH_FINISHED);
        text = match_file_write(&mi, body);
        assert_non_null(text);
        reads_back(text, &back, &body2);
        info_equal(&back, &mi);
        assert_string_equal(body2, body);
        assert_int_equal(match_end_play(&back, body2, line_starting(text, "record") + 1, &e, err, sizeof err), 0);
        mf_final_of(&e, &again);
        assert_string_equal(again.text, live.text);
        assert_true(again.hash == live.hash);
        assert_true(e.over);
        for (int s = 0; s < players; s++)
            assert_int_equal(e.rank[s], back.seat[s].place);
        fprintf(stderr, "match file %s: %zu bytes, %d %s, the same end\n", gi->id, strlen(text), back.moves,
                gi->kind == GAME_KIND_REALTIME ? "ticks" : "moves");
        if (getenv("MATCHFILE_DUMP")) {
            char path[512];
            FILE *f;
            snprintf(path, sizeof path, "%s/%s.stackhouse.txt", getenv("MATCHFILE_DUMP"), gi->id);
            f = fopen(path, "w");
            assert_non_null(f);
            fputs(text, f);
            fclose(f);
        }
        match_end_free(&e);
        free(live.text);
        free(again.text);
        free(body);
        free(body2);
        free(text);
        modes++;
    }
    assert_int_equal(modes, 7);
}

/* A match left playing and one abandoned are kept as well as a finished
 * one: no end, no places; an abandoned match that the moves show finished
 * is refused. */
static void test_playing_and_abandoned(void **state)
{
    match_info mi;
    char *body, *text;
    (void)state;
    mf_turns(registry_find("9stax"), 4, 5, 12, &mi, &body, NULL);
    assert_int_equal(mi.status, MATCH_PLAYING);
    text = round_trip(&mi, body);
    assert_null(strstr(text, "\nended "));
    assert_null(strstr(text, "\nplaces "));
    free(text);
    mi.status = MATCH_ABANDONED;
    mi.ended = mi.started + 600;
    free(round_trip(&mi, body));
    free(body);
    /* abandoned, yet the moves end the game */
    mf_turns(registry_find("stackatrack"), 2, 3, -1, &mi, &body, NULL);
    assert_int_equal(mi.status, MATCH_FINISHED);
    mi.status = MATCH_ABANDONED;
    text = match_file_write(&mi, body);
    refused(text, line_starting(text, "status"), "over after its record, so it was not abandoned");
    free(text);
    free(body);
    /* a MAXSTAX match left in its first round */
    mf_maxstax(registry_find("swapstax"), 2, 8, 400, &mi, &body, NULL);
    assert_int_equal(mi.status, MATCH_PLAYING);
    free(round_trip(&mi, body));
    free(body);
}

/* ---------------------------------------------------------------- refused */

/* Each kind of header line, malformed, is refused at its line. */
static void test_header_lines(void **state)
{
    static const struct {
        const char *key, *with, *words;
    } cases[] = {
        {"stackhouse-match", "stackhouse-match 2", "version \"2\" is not read"},
        {"stackhouse-match", "stackhouse-matc 1", "not a Stackhouse match file"},
        {"mode", "mode chess", "unknown mode \"chess\""},
        {"mode", "mode", "unknown mode"},
        {"seats", "seats 3", "stax takes 2 to 2 seats, not \"3\""},
        {"seats", "seats 02", "not \"02\""},
        {"seat 1", "seat 2 person \"Anna\"", "the seat's number: expected 1..1"},
        {"seat 1", "seat 1 robot \"Anna\"", "a person or a computer, not \"robot\""},
        {"seat 2", "seat 2 computer expert \"Computer\"", "easy, medium or hard, not \"expert\""},
        {"seat 1", "seat 1 person Anna", "the seat's name in double quotes"},
        {"seat 1", "seat 1 person \"An\tna\"", "control character"},
        {"seat 1", "seat 1 person \"Anna Anna Anna Anna Anna Anna Anna\"", "longer than 31 bytes"},
        {"seat 1", "seat 1 person \"\xff\xfe\"", "not valid UTF-8"},
        {"seat 1", "seat 1 person \"a\\nb\"", "escapes only"},
        {"seat 1", "seat 1 person \"a\"b\"", "written '\\\"'"},
        {"seat 1", "seat 1 person \"\"", "empty"},
        {"option draw_repetition", "option draw_repetition 2 \"On\"", "expected 0..1, got \"2\""},
        {"option draw_repetition", "option draw_repetition 1 \"Off\"", "is \"On\", not \"Off\""},
        {"option draw_repetition", "option draw_fifty 1 \"On\"", "expected the option draw_repetition"},
        {"option draw_repetition", "option draw_repetition 1", "value's words"},
        {"option draw_repetition", "seed 0x0000000000000029", "expected 'option KEY VALUE', got \"seed\""},
        {"seed", "seed 0x29", "16 lower-case hex digits"},
        {"seed", "seed 0x00000000000000AB", "16 lower-case hex digits"},
        {"seed", "seed 41", "16 lower-case hex digits"},
        {"started", "started 2026-02-30T10:00:00Z", "UTC time"},
        {"started", "started 2026-11-27 05:12:55", "UTC time"},
        {"started", "started 1969-12-31T23:59:59Z", "UTC time"},
        {"ended", "ended 2025-01-01T00:00:00Z", "ended before it started"},
        {"status", "status won", "playing, finished or abandoned, not \"won\""},
        {"status", "status playing", "still playing has no 'ended' line"},
        {"result", "result Somebody wins!", "result in double quotes"},
        {"places", "places 1 3", "places of seat 2: expected 1..2"},
        {"places", "places 1", "one places a seat"},
        {"places", "places 1 2 1", "more places than the 2 seats"},
        {"scores", "scores +1 0", "scores of seat 1"},
        {"played", "played 754s", "SECONDS.MMMs"},
        {"played", "played 754.32s", "SECONDS.MMMs"},
        {"moves", "moves 0100", "moves: expected 0..2147483647, got \"0100\""},
        {"moves", "ticks 100", "expected 'moves N', got \"ticks\""},
        {"hints", "hints -1", "hints: expected 0..2147483647"},
        {"record", "record now", "the line 'record' is alone"},
    };
    match_info mi;
    char *body, *text;
    (void)state;
    mf_turns(registry_find("stax"), 2, 41, -1, &mi, &body, NULL);
    assert_int_equal(mi.status, MATCH_FINISHED);
    text = match_file_write(&mi, body);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        refused_as(text, cases[i].key, cases[i].with, cases[i].words);
    /* a line left out: the next is not what comes there */
    refused_as(text, "status", NULL, "expected 'status playing|finished|abandoned', got \"result\"");
    /* places on a match still playing */
    {
        char *a = line_replaced(text, line_starting(text, "ended"), NULL), *b;
        b = line_replaced(a, line_starting(a, "status"), "status playing");
        refused(b, line_starting(b, "places"), "a finished match's only");
        free(a);
        free(b);
    }
    /* cut short: no record, and a last line without its newline */
    {
        size_t at = strstr(text, "\nrecord\n") - text + 8, len = strlen(text);
        char *cut = strndup(text, at);
        refused(cut, line_starting(text, "record") + 1, "the record is missing");
        free(cut);
        int lines = 0;
        for (const char *c = text; *c; c++)
            lines += *c == '\n';
        cut = strndup(text, len - 1);
        refused(cut, lines, "the file's last line has no newline");
        free(cut);
    }
    refused("", 1, "not a Stackhouse match file");
    free(text);
    free(body);
}


/* A turn-based record that does not play, or whose end is not the header's. */
static void test_tampered_record(void **state)
{
    match_info mi;
    char *body, *text, line[300], *bad;
    int cursor, rec;
    (void)state;
    mf_turns(registry_find("stax"), 2, 41, -1, &mi, &body, NULL);
    text = match_file_write(&mi, body);
    rec = line_starting(text, "record");
    cursor = line_starting(text, "cursor");
    /* move 5 made illegal: refused at its line */
    {
        const char *l = text;
        for (int i = 1; i < cursor + 5; i++)
            l = strchr(l, '\n') + 1;
        snprintf(line, sizeof line, "%.*s a1-h8", (int)(strchr(l, ' ') - l), l);
    }
    bad = line_replaced(text, cursor + 5, line);
    refused(bad, cursor + 5, "move 5 'a1-h8'");
    free(bad);
    /* a move swapped for another legal one: a later move no longer plays, or the end differs */
    {
        match_info back;
        char *b2, err[400];
        const char *m1 = text;
        int n = cursor + 1;
        for (int i = 1; i < n; i++)
            m1 = strchr(m1, '\n') + 1;
        assert_int_equal(strncmp(strchr(m1, ' ') + 1, "a3-b4", 5), 0);
        bad = line_replaced(text, n, "900 c3-d4");
        assert_int_equal(match_file_read(bad, &back, &b2, err, sizeof err), -1);
        fprintf(stderr, "a legal move swapped in: %s\n", err);
        assert_non_null(strstr(err, "match file line "));
        free(bad);
    }
    /* the header's end: places, the number of moves, the status */
    {
        int a = mi.seat[0].place + 1, b = mi.seat[1].place + 1;
        char words[100];
        /* a draw made a win, or a win turned round */
        snprintf(line, sizeof line, "places %d %d", a == b ? 1 : b, a == b ? 2 : a);
        snprintf(words, sizeof words, "tampered: the record gives places %d %d, the header %s", a, b, line + 7);
        refused_as(text, "places", line, words);
        snprintf(line, sizeof line, "moves %d", mi.moves + 1);
        snprintf(words, sizeof words, "tampered: the record has %d moves, the header says %d", mi.moves, mi.moves + 1);
        refused_as(text, "moves", line, words);
    }
    /* the header and the record disagree: seed, options, seats */
    bad = line_replaced(text, line_starting(text, "seed 0x"), "seed 0x0000000000000007");
    refused(bad, line_starting(text, "seed 41"), "the record's seed is 41");
    free(bad);
    bad = line_replaced(text, line_starting(text, "option draw_fifty"), "option draw_fifty 0 \"Off\"");
    refused(bad, rec + 6, "the record has option draw_fifty 1, the header 0");
    free(bad);
    /* a record line the record's own reader refuses, named by the file's line */
    bad = line_replaced(text, rec + 8, "clock 01");
    refused(bad, rec + 8, "expected 'clock MS'");
    free(bad);
    bad = line_replaced(text, rec + 1, "stackhouse-record 9");
    refused(bad, rec + 1, "record version 9 is not supported");
    free(bad);
    free(text);
    free(body);
    /* finished, says the header, after ten moves */
    mf_turns(registry_find("stax"), 2, 41, 10, &mi, &body, NULL);
    mi.status = MATCH_FINISHED;
    mi.ended = mi.started + 60;
    mi.seat[0].place = 0;
    mi.seat[1].place = 1;
    text = match_file_write(&mi, body);
    refused(text, line_starting(text, "status"), "tampered: the match is not over after its record");
    free(text);
    free(body);
}

/* A MAXSTAX tape that does not read, is not the header's match, or gives
 * another end; a save beside the tape that is not where it ends. */
static void test_tampered_tape(void **state)
{
    match_info mi;
    char *body, *text, line[200], *bad;
    int tick;
    (void)state;
    mf_maxstax(registry_find("samestax"), 3, 61, -1, &mi, &body, NULL);
    assert_int_equal(mi.status, MATCH_FINISHED);
    text = match_file_write(&mi, body);
    tick = line_starting(text, "tick ");
    bad = line_replaced(text, tick + 2, "tick 1 = = x =");
    refused(bad, tick + 2, "field");
    free(bad);
    snprintf(line, sizeof line, "scores %d %d %d", mi.seat[0].score, mi.seat[1].score + 1, mi.seat[2].score);
    snprintf(mi.result, sizeof mi.result, "tampered");
    refused_as(text, "scores", line, "tampered: the record gives seat 2");
    bad = line_replaced(text, line_starting(text, "seat 1"), "seat 1 computer easy \"Computer 1\"");
    refused(bad, line_starting(text, "levels"), "the tape's seat 1 is at level 3, the header's at 1");
    free(bad);
    bad = line_replaced(text, line_starting(text, "seed 0x"), "seed 0x0000000000000007");
    refused(bad, line_starting(text, "seed 61"), "the tape's seed is 61");
    free(bad);
    refused_as(text, "game samestax", "game speedstax", "the tape is of speedstax, the header says samestax");
    bad = line_replaced(text, line_starting(text, "option first_creator"), "option first_creator 2");
    refused(bad, line_starting(text, "first-creator"), "the tape's first Creator is not the header's option");
    free(bad);
    snprintf(line, sizeof line, "ticks %d", mi.moves - 1);
    refused_as(text, "ticks", line, "tampered: the record has");
    /* no tape at all */
    bad = strndup(text, (size_t)(strstr(text, "\nrecord\n") - text) + 8);
    {
        char *b2 = malloc(strlen(bad) + 32);
        sprintf(b2, "%send\n", bad);
        refused(b2, line_starting(text, "record") + 1, "has no tape");
        free(b2);
    }
    free(bad);
    free(text);
    free(body);
    /* a match being played: its save, then its tape */
    mf_maxstax(registry_find("speedstax"), 2, 9, 300, &mi, &body, NULL);
    text = match_file_write(&mi, body);
    {
        int at = line_starting(text, "tick ") - 1, save = line_starting(text, "stackhouse-maxstax");
        char *b;
        assert_true(save > 0);
        b = strstr(text, "\nblock ");
        assert_non_null(b);
        at = line_starting(text, "block ");
        {
            const char *l = b + 1, *e = strchr(l, '\n');
            char *copy = strndup(l, (size_t)(e - l));
            char *last = strrchr(copy, ' ');
            *last = 0;
            snprintf(line, sizeof line, "%s 0.5", copy);
            free(copy);
        }
        bad = line_replaced(text, at, line);
        {
            match_info back;
            char *b2, err[400];
            assert_int_equal(match_file_read(bad, &back, &b2, err, sizeof err), -1);
            fprintf(stderr, "a block moved in the save: %s\n", err);
            assert_non_null(strstr(err, "the save is not where the tape ends"));
        }
        free(bad);
    }
    free(text);
    free(body);
}

/* The fuzzer's seeds (tests/fuzz/match_file_corpus) are short good files of
 * every mode; with MATCHFILE_CORPUS=DIR this writes them there afresh. Each
 * is read, and written back the same. */
static void test_corpus(void **state)
{
    static const struct {
        const char *id;
        int players;
        long upto; /* moves or ticks; -1 the whole match */
    } seeds[] = {{"stax", 2, -1},      {"9stax", 4, 12},      {"stakz", 2, 30},    {"stackatrack", 3, -1},
                 {"speedstax", 2, 120}, {"samestax", 3, 90}, {"swapstax", 2, 200}};
    (void)state;
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        const game_info *gi = registry_find(seeds[i].id);
        match_info mi, back;
        char *body, *text, *body2, path[512];
        if (gi->rules)
            mf_turns(gi, seeds[i].players, 70 + i, (int)seeds[i].upto, &mi, &body, NULL);
        else
            mf_maxstax(gi, seeds[i].players, 70 + i, seeds[i].upto, &mi, &body, NULL);
        text = match_file_write(&mi, body);
        reads_back(text, &back, &body2);
        assert_true(strlen(text) < 48000);
        if (getenv("MATCHFILE_CORPUS")) {
            FILE *f;
            snprintf(path, sizeof path, "%s/%s.txt", getenv("MATCHFILE_CORPUS"), seeds[i].id);
            f = fopen(path, "w");
            assert_non_null(f);
            fputs(text, f);
            fclose(f);
        }
        free(text);
        free(body);
        free(body2);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_mode),
        cmocka_unit_test(test_playing_and_abandoned),
        cmocka_unit_test(test_header_lines),
        cmocka_unit_test(test_tampered_record),
        cmocka_unit_test(test_tampered_tape),
        cmocka_unit_test(test_corpus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
