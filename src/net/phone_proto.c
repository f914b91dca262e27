#include "net/phone_proto.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/utf8.h"

/* Integers travel as JSON numbers, which a phone's JavaScript holds exactly
 * up to 2^53; nothing larger is a valid rev or id. */
#define SAFE_INT 9007199254740991.0

static const char *const button_names[PHONE_B_COUNT] = {
    "up", "down", "left", "right", "a", "b", "x", "y", "l", "r", "menu"};

const char *phone_button_name(int b)
{
    return b >= 0 && b < PHONE_B_COUNT ? button_names[b] : NULL;
}

static int fail(char *err, size_t errn, const char *code)
{
    if (errn)
        snprintf(err, errn, "%s", code);
    return -1;
}

/* Characters in s if it is valid UTF-8 (no overlongs, surrogates or code
 * points past U+10FFFF) without control characters (C0, DEL, C1); else -1. */
static int utf8_chars(const char *s)
{
    size_t n = strlen(s), at = 0;
    int count = 0;
    while (at < n) {
        uint32_t cp;
        size_t len = utf8_decode(s + at, n - at, &cp);
        if (!len || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
            return -1;
        at += len;
        count++;
    }
    return count;
}

/* Whether the raw text holds a \u0000 escape: cJSON would cut the string
 * there, so a name or move could silently lose its tail. */
static int has_nul_escape(const char *buf, size_t n)
{
    for (size_t i = 0; i + 6 <= n; i++) {
        if (buf[i] != '\\' || (buf[i + 1] != 'u' && buf[i + 1] != 'U'))
            continue;
        size_t run = 0;
        while (run <= i && buf[i - run] == '\\')
            run++;
        if (run % 2 == 1 && memcmp(buf + i + 2, "0000", 4) == 0)
            return 1;
    }
    return 0;
}

/* Copies the string field key of o into out (cap bytes) if it is a string
 * of min..max characters (bytes when bytes is set); 0 or -1. */
static int get_string(const cJSON *o, const char *key, char *out, size_t cap, int min, int max,
                      int bytes)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsString(f) || !f->valuestring)
        return -1;
    size_t len = strlen(f->valuestring);
    int chars = utf8_chars(f->valuestring);
    int size = bytes ? (int)len : chars;
    if (chars < 0 || len >= cap || size < min || size > max)
        return -1;
    memcpy(out, f->valuestring, len + 1);
    return 0;
}

/* The integer field key of o in [lo, hi]; 0 or -1. */
static int get_int(const cJSON *o, const char *key, double lo, double hi, int64_t *out)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsNumber(f))
        return -1;
    double v = f->valuedouble;
    if (!isfinite(v) || v != floor(v) || v < lo || v > hi)
        return -1;
    *out = (int64_t)v;
    return 0;
}

static int get_room(const cJSON *o, char *room)
{
    if (get_string(o, "room", room, PHONE_ROOM_LEN + 1, PHONE_ROOM_LEN, PHONE_ROOM_LEN, 1) < 0)
        return -1;
    for (int i = 0; i < PHONE_ROOM_LEN; i++)
        if (room[i] < 'A' || room[i] > 'Z')
            return -1;
    return 0;
}

/* An optional token: absent or null is none; else 32 hex digits, kept lower-case. */
static int get_token(const cJSON *o, char *token)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "token");
    token[0] = 0;
    if (!f || cJSON_IsNull(f))
        return 0;
    if (get_string(o, "token", token, PHONE_TOKEN_HEX + 1, PHONE_TOKEN_HEX, PHONE_TOKEN_HEX, 1) < 0)
        return -1;
    for (int i = 0; i < PHONE_TOKEN_HEX; i++) {
        char c = token[i];
        if (c >= 'A' && c <= 'F')
            token[i] = (char)(c - 'A' + 'a');
        else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return -1;
    }
    return 0;
}

static int get_button(const cJSON *o, int *button, int *down)
{
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(o, "b");
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(o, "down");
    if (!cJSON_IsString(b) || !b->valuestring || !cJSON_IsBool(d))
        return -1;
    for (int k = 0; k < PHONE_B_COUNT; k++)
        if (strcmp(b->valuestring, button_names[k]) == 0) {
            *button = k;
            *down = cJSON_IsTrue(d) ? 1 : 0;
            return 0;
        }
    return -1;
}

/* The fields of message type t; 0 or -1 (a "field" error). */
static int parse_fields(const cJSON *o, phone_msg *m)
{
    int64_t v = 0;
    switch (m->t) {
    case PHONE_MSG_HELLO:
        return get_room(o, m->room) < 0 || get_token(o, m->token) < 0 ? -1 : 0;
    case PHONE_MSG_JOIN:
        if (get_room(o, m->room) < 0 || get_int(o, "seat", 1, PHONE_MAX_SEATS, &v) < 0)
            return -1;
        m->seat = (int)v;
        return get_string(o, "name", m->name, sizeof m->name, 1, PHONE_NAME_MAX, 0);
    case PHONE_MSG_MOVE:
        if (get_string(o, "move", m->move, sizeof m->move, 1, PHONE_MOVE_MAX, 1) < 0)
            return -1;
        return get_int(o, "rev", 0, SAFE_INT, &m->rev);
    case PHONE_MSG_PAD:
        return get_button(o, &m->button, &m->down);
    case PHONE_MSG_PING:
        return get_int(o, "id", -SAFE_INT, SAFE_INT, &m->id);
    case PHONE_MSG_LEAVE:
        return 0;
    }
    return -1;
}

int phone_msg_parse(const char *buf, size_t n, phone_msg *out, char *err, size_t errn)
{
    static const struct {
        const char *name;
        phone_msg_type t;
    } types[] = {{"hello", PHONE_MSG_HELLO}, {"join", PHONE_MSG_JOIN}, {"move", PHONE_MSG_MOVE},
                 {"pad", PHONE_MSG_PAD},     {"ping", PHONE_MSG_PING}, {"leave", PHONE_MSG_LEAVE}};
    memset(out, 0, sizeof *out);
    if (!buf || n == 0 || n > PHONE_FRAME_MAX)
        return fail(err, errn, "json");
    const char *end = NULL;
    cJSON *o = cJSON_ParseWithLengthOpts(buf, n, &end, 0);
    if (!o)
        return fail(err, errn, "json");
    /* One object and nothing after it but white space. */
    for (const char *p = end; p && p < buf + n; p++)
        if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') {
            cJSON_Delete(o);
            return fail(err, errn, "json");
        }
    const char *code = NULL;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "v");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "t");
    size_t k = 0;
    if (!cJSON_IsObject(o))
        code = "json";
    else if (!cJSON_IsNumber(v) || v->valuedouble != 1.0)
        code = "version";
    else if (!cJSON_IsString(t) || !t->valuestring)
        code = "type";
    if (!code) {
        while (k < sizeof types / sizeof types[0] && strcmp(t->valuestring, types[k].name) != 0)
            k++;
        if (k == sizeof types / sizeof types[0])
            code = "type";
    }
    if (!code) {
        out->t = types[k].t;
        if (has_nul_escape(buf, n) || parse_fields(o, out) < 0)
            code = "field";
    }
    cJSON_Delete(o);
    if (code) {
        memset(out, 0, sizeof *out);
        return fail(err, errn, code);
    }
    return 0;
}

/* Prints o into out and frees it; the length, or -1. */
static int print_into(cJSON *o, char *out, size_t n)
{
    int len = -1;
    if (o && cJSON_PrintPreallocated(o, out, (int)(n > 0x7fffffff ? 0x7fffffff : n), 0))
        len = (int)strlen(out);
    cJSON_Delete(o);
    return len;
}

/* A new message object {"v":1,"t":type}, or NULL. */
static cJSON *message(const char *type)
{
    cJSON *o = cJSON_CreateObject();
    if (o && (!cJSON_AddNumberToObject(o, "v", 1) || !cJSON_AddStringToObject(o, "t", type))) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

int phone_build_welcome(char *out, size_t n, const char *room, const char *game, const char *mode,
                        const char *controls, const phone_proto_seat *seat, int seats)
{
    cJSON *o = message("welcome");
    cJSON *list = o ? cJSON_AddArrayToObject(o, "seats") : NULL;
    int ok = list && cJSON_AddStringToObject(o, "room", room) &&
             cJSON_AddStringToObject(o, "game", game ? game : "") &&
             cJSON_AddStringToObject(o, "mode", mode ? mode : "") &&
             cJSON_AddStringToObject(o, "controls", controls ? controls : "hand");
    for (int k = 0; ok && k < seats; k++) {
        cJSON *e = cJSON_CreateObject();
        ok = e && cJSON_AddItemToArray(list, e) && cJSON_AddNumberToObject(e, "seat", k + 1) &&
             cJSON_AddStringToObject(e, "name", seat[k].name ? seat[k].name : "") &&
             cJSON_AddStringToObject(e, "kind", seat[k].human ? "human" : "computer") &&
             cJSON_AddBoolToObject(e, "phone", seat[k].phone) &&
             cJSON_AddBoolToObject(e, "open", seat[k].open) && phone_add_seat_identity(e, k);
    }
    if (!ok) {
        cJSON_Delete(o);
        return -1;
    }
    return print_into(o, out, n);
}

int phone_build_joined(char *out, size_t n, int seat, const char *name, const char *token)
{
    cJSON *o = message("joined");
    if (o && (!cJSON_AddNumberToObject(o, "seat", seat) || !cJSON_AddStringToObject(o, "name", name) ||
              !cJSON_AddStringToObject(o, "token", token))) {
        cJSON_Delete(o);
        return -1;
    }
    return print_into(o, out, n);
}

int phone_build_error(char *out, size_t n, const char *code, const char *msg)
{
    return phone_build_error_wait(out, n, code, msg, 0);
}

int phone_build_error_wait(char *out, size_t n, const char *code, const char *msg, int wait_s)
{
    cJSON *o = message("error");
    if (o && (!cJSON_AddStringToObject(o, "code", code) || !cJSON_AddStringToObject(o, "msg", msg ? msg : "") ||
              (wait_s > 0 && !cJSON_AddNumberToObject(o, "wait", wait_s)))) {
        cJSON_Delete(o);
        return -1;
    }
    return print_into(o, out, n);
}

/* A message {"v":1,"t":type,"id":id}. The id is written as an integer:
 * cJSON prints doubles with 15 digits, which would change ids past 10^15. */
static int build_id(char *out, size_t n, const char *type, int64_t id)
{
    char digits[24];
    snprintf(digits, sizeof digits, "%lld", (long long)id);
    cJSON *o = message(type);
    if (o && !cJSON_AddRawToObject(o, "id", digits)) {
        cJSON_Delete(o);
        return -1;
    }
    return print_into(o, out, n);
}

int phone_build_pong(char *out, size_t n, int64_t id) { return build_id(out, n, "pong", id); }

int phone_build_ping(char *out, size_t n, int64_t id) { return build_id(out, n, "ping", id); }
