#include "render/atlas.h"

#include <SDL.h>
#include <SDL_image.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/log.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-prototypes"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#define STBRP_STATIC
#define STB_RECT_PACK_IMPLEMENTATION
#include <stb_rect_pack.h>
#pragma GCC diagnostic pop

typedef struct name_list {
    char **v;
    int n, cap;
} name_list;

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long size;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)size + 1);
        if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
            free(buf);
            buf = NULL;
        }
        if (buf) {
            buf[size] = '\0';
            *len = (size_t)size;
        }
    }
    fclose(f);
    return buf;
}

static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n > m && strcmp(s + n - m, suffix) == 0;
}

static int list_push(name_list *l, const char *s)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 32;
        char **v = realloc(l->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        l->v = v;
        l->cap = cap;
    }
    if (!(l->v[l->n] = strdup(s)))
        return -1;
    l->n++;
    return 0;
}

/* rel is the path under the root ("" for the root itself). */
static int scan_dir(const char *root, const char *rel, name_list *out, int depth)
{
    char path[4096];
    DIR *d;
    struct dirent *e;
    int rc = 0;

    if (depth > 16) /* symlink loops */
        return 0;
    snprintf(path, sizeof path, "%s%s%s", root, *rel ? "/" : "", rel);
    if (!(d = opendir(path)))
        return depth == 0 ? -1 : 0;
    while (rc == 0 && (e = readdir(d))) {
        char child[4096], full[4096];
        struct stat st;

        if (e->d_name[0] == '.')
            continue;
        if (snprintf(child, sizeof child, "%s%s%s", rel, *rel ? "/" : "", e->d_name) >=
                (int)sizeof child ||
            snprintf(full, sizeof full, "%s/%s", root, child) >= (int)sizeof full ||
            stat(full, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            rc = scan_dir(root, child, out, depth + 1);
        else if (S_ISREG(st.st_mode) && has_suffix(e->d_name, ".svg"))
            rc = list_push(out, child);
    }
    closedir(d);
    return rc;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads the value of attribute name from the tag starting at tag (up to '>'). */
static int tag_attr(const char *tag, const char *name, char *val, size_t valn)
{
    const char *p = tag;
    size_t nlen = strlen(name);

    while (*p && *p != '>') {
        const char *attr, *q;
        char quote;
        size_t alen;

        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        attr = p;
        while (*p && *p != '=' && *p != '>' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
            p++;
        alen = (size_t)(p - attr);
        if (*p != '=') {
            if (p == attr && *p && *p != '>')
                p++;
            continue;
        }
        p++;
        quote = *p;
        if (quote != '"' && quote != '\'')
            return -1;
        q = strchr(p + 1, quote);
        if (!q)
            return -1;
        if (alen == nlen && strncmp(attr, name, nlen) == 0) {
            size_t vlen = (size_t)(q - p - 1);
            if (vlen >= valn)
                vlen = valn - 1;
            memcpy(val, p + 1, vlen);
            val[vlen] = '\0';
            return 0;
        }
        p = q + 1;
    }
    return -1;
}

/* Finds the root <svg> element (after any prolog, comments and doctype) and
 * reads its natural size and nine-slice borders. */
static int parse_svg_root(const char *buf, atlas_sprite *s)
{
    const char *tag = buf;
    char val[128], *end;

    for (;;) {
        if (!(tag = strchr(tag, '<')))
            return -1;
        if (strncmp(tag, "<!--", 4) == 0) {
            if (!(tag = strstr(tag + 4, "-->")))
                return -1;
        } else if (tag[1] == '?' || tag[1] == '!') {
            if (!(tag = strchr(tag, '>')))
                return -1;
        } else if (strncmp(tag, "<svg", 4) == 0 && strchr(" \t\r\n", tag[4]) && tag[4]) {
            break;
        } else {
            return -1; /* the root element is not <svg> */
        }
        tag++;
    }
    tag += 4;
    if (tag_attr(tag, "width", val, sizeof val) != 0 || (s->w = strtof(val, &end)) <= 0 || end == val)
        return -1;
    if (tag_attr(tag, "height", val, sizeof val) != 0 || (s->h = strtof(val, &end)) <= 0 || end == val)
        return -1;
    if (tag_attr(tag, "data-nine", val, sizeof val) == 0) {
        if (sscanf(val, "%f %f %f %f", &s->nine[0], &s->nine[1], &s->nine[2], &s->nine[3]) != 4)
            return -1;
        s->has_nine = 1;
    }
    return 0;
}

/* Whether the document ends with the root's closing tag (then only space,
 * comments or processing instructions): a file cut short has a root that
 * reads well and draws nothing, so it must be told from a finished one. */
static int svg_complete(const char *buf, size_t len)
{
    const char *close = NULL;
    for (const char *p = buf; (p = strstr(p, "</svg")) != NULL; p++)
        close = p;
    if (!close || !(close = strchr(close, '>')))
        return 0;
    for (const char *p = close + 1; p < buf + len; p++) {
        if (strchr(" \t\r\n", *p))
            continue;
        const char *end = strncmp(p, "<!--", 4) == 0 ? strstr(p, "-->") : strncmp(p, "<?", 2) == 0 ? strstr(p, "?>") : NULL;
        if (!end)
            return 0;
        p = end + (end[0] == '-' ? 2 : 1);
    }
    return 1;
}

/* Puts s in the group of its directory, adding the group when it is new. */
static int join_group(atlas *a, atlas_sprite *s)
{
    const char *slash = strrchr(s->name, '/');
    size_t len = slash ? (size_t)(slash - s->name) : 0;
    atlas_group *groups;

    for (int g = 0; g < a->ngroups; g++)
        if (strlen(a->groups[g].name) == len && strncmp(a->groups[g].name, s->name, len) == 0) {
            s->group = g;
            return 0;
        }
    if (!(groups = realloc(a->groups, (size_t)(a->ngroups + 1) * sizeof *groups)))
        return -1;
    a->groups = groups;
    memset(&groups[a->ngroups], 0, sizeof *groups);
    if (!(groups[a->ngroups].name = strndup(s->name, len)))
        return -1;
    s->group = a->ngroups++;
    return 0;
}

int atlas_scan(atlas *a, const char *dir, char *err, size_t errn)
{
    name_list names = {0};
    int rc = 0;

    memset(a, 0, sizeof *a);
    if (scan_dir(dir, "", &names, 0) != 0) {
        snprintf(err, errn, "%s: cannot read asset directory", dir);
        rc = -1;
    }
    if (names.n > 1)
        qsort(names.v, (size_t)names.n, sizeof *names.v, cmp_names);
    if (rc == 0 && names.n && !(a->sprites = calloc((size_t)names.n, sizeof *a->sprites)))
        rc = -1;
    for (int i = 0; rc == 0 && i < names.n; i++) {
        atlas_sprite *s = &a->sprites[a->count++];
        char path[4096];
        size_t len = 0;
        char *buf;

        snprintf(path, sizeof path, "%s/%s", dir, names.v[i]);
        s->path = strdup(path);
        s->name = strndup(names.v[i], strlen(names.v[i]) - 4);
        s->page = -1;
        if (!s->path || !s->name || join_group(a, s) != 0) {
            snprintf(err, errn, "out of memory reading the asset directory");
            rc = -1;
            buf = NULL;
        } else if (!(buf = read_file(path, &len))) {
            snprintf(err, errn, "%s: cannot read: %s", path, strerror(errno));
            rc = -1;
        } else if (parse_svg_root(buf, s) != 0) {
            snprintf(err, errn, "%s: no <svg> root with numeric width/height (and valid data-nine)",
                     path);
            rc = -1;
        } else {
            s->hash = fnv1a(14695981039346656037ull, buf, len);
            /* Drawn, loudly, as the stand-in missing art gets: never as blank art. */
            if ((s->damaged = !svg_complete(buf, len)))
                log_warn("damaged art: %s is cut short (no closing </svg>); drawing a magenta stand-in", path);
        }
        free(buf);
    }
    for (int i = 0; i < names.n; i++)
        free(names.v[i]);
    free(names.v);
    if (rc != 0)
        atlas_free(a);
    return rc;
}

float atlas_quantise_scale(float scale)
{
    float q = roundf(scale * 100.0f) / 100.0f;
    return q < 0.01f ? 0.01f : q;
}

static void sprite_pixels(const atlas_sprite *s, float scale, int *pw, int *ph)
{
    *pw = (int)ceilf(s->w * scale - 0.001f);
    *ph = (int)ceilf(s->h * scale - 0.001f);
    if (*pw < 1)
        *pw = 1;
    if (*ph < 1)
        *ph = 1;
}

static size_t block_bytes(const atlas_sprite *s)
{
    return (size_t)(s->pw + 2 * ATLAS_PAD) * (size_t)(s->ph + 2 * ATLAS_PAD) * 4;
}

void atlas_group_unload(atlas *a, int g)
{
    atlas_group *gr = &a->groups[g];
    free(gr->px);
    free(gr->file);
    gr->px = NULL;
    gr->file = NULL;
    gr->loaded = 0;
}

void atlas_set_scale(atlas *a, float scale)
{
    scale = atlas_quantise_scale(scale);
    for (int g = 0; g < a->ngroups; g++) {
        atlas_group_unload(a, g);
        a->groups[g].bytes = 0;
        a->groups[g].laid_out = 0;
    }
    /* Each group's data is its sprites' padded blocks in name order. */
    for (int i = 0; i < a->count; i++) {
        atlas_sprite *s = &a->sprites[i];
        sprite_pixels(s, scale, &s->pw, &s->ph);
        s->page = -1;
        s->block = a->groups[s->group].bytes;
        a->groups[s->group].bytes += block_bytes(s);
    }
    free(a->pages);
    a->pages = NULL;
    a->npages = 0;
    a->scale = scale;
}

/* Rasterises one SVG to premultiplied RGBA of exactly pw×ph. */
/* The magenta stand-in's pixels (premultiplied, opaque), with dark cells a
 * few texels wide, as the renderer draws for missing art. */
static uint8_t *stand_in(int pw, int ph, char *err, size_t errn)
{
    uint8_t *out = malloc((size_t)pw * (size_t)ph * 4);
    int cell = pw < 32 ? 4 : pw / 8;
    if (!out) {
        snprintf(err, errn, "out of memory for a stand-in sprite");
        return NULL;
    }
    for (int y = 0; y < ph; y++)
        for (int x = 0; x < pw; x++) {
            uint8_t *o = out + ((size_t)y * (size_t)pw + (size_t)x) * 4;
            int dark = (x / cell + y / cell) % 2;
            o[0] = dark ? 40 : 255;
            o[1] = 0;
            o[2] = dark ? 40 : 255;
            o[3] = 255;
        }
    return out;
}

static uint8_t *rasterise_one(const atlas_sprite *s, int pw, int ph, char *err, size_t errn)
{
    size_t len = 0;
    char *buf;
    SDL_Surface *img = NULL, *conv = NULL;
    SDL_RWops *rw;
    uint8_t *out = NULL;
    if (!(buf = read_file(s->path, &len))) {
        snprintf(err, errn, "%s: cannot read: %s", s->path, strerror(errno));
        return NULL;
    }
    if ((rw = SDL_RWFromConstMem(buf, (int)len))) {
        img = IMG_LoadSizedSVG_RW(rw, pw, ph);
        SDL_RWclose(rw); /* SDL_image's loaders leave the stream to the caller */
    }
    if (img)
        conv = SDL_ConvertSurfaceFormat(img, SDL_PIXELFORMAT_RGBA32, 0);
    /* SDL_image rounds its scaled size its own way, so a sprite can come back
     * a pixel off: an extra row or column is cropped, a missing one repeats
     * the edge. */
    if (!conv || abs(conv->w - pw) > 2 || abs(conv->h - ph) > 2) {
        snprintf(err, errn, "%s: cannot rasterise SVG: %s", s->path,
                 conv ? "unexpected raster size" : SDL_GetError());
    } else if ((out = malloc((size_t)pw * (size_t)ph * 4))) {
        for (int y = 0; y < ph; y++) {
            int sy = y < conv->h ? y : conv->h - 1;
            const uint8_t *src = (const uint8_t *)conv->pixels + (size_t)sy * (size_t)conv->pitch;
            uint8_t *dst = out + (size_t)y * (size_t)pw * 4;
            for (int x = 0; x < pw * 4; x += 4) {
                int sx = x < conv->w * 4 ? x : (conv->w - 1) * 4;
                unsigned al = src[sx + 3];
                dst[x + 0] = (uint8_t)((src[sx + 0] * al + 127) / 255);
                dst[x + 1] = (uint8_t)((src[sx + 1] * al + 127) / 255);
                dst[x + 2] = (uint8_t)((src[sx + 2] * al + 127) / 255);
                dst[x + 3] = (uint8_t)al;
            }
        }
    }
    SDL_FreeSurface(conv);
    SDL_FreeSurface(img);
    free(buf);
    return out;
}

/* Copies a sprite's pw×ph pixels into its padded block, repeating its edge
 * texels into the padding, so linear filtering at the sprite's border never
 * samples a neighbour, wherever the block is placed. */
static void extrude(const atlas_sprite *s, const uint8_t *px, uint8_t *block)
{
    int bw = s->pw + 2 * ATLAS_PAD;
    for (int y = 0; y < s->ph + 2 * ATLAS_PAD; y++) {
        int sy = y < ATLAS_PAD ? 0 : y - ATLAS_PAD >= s->ph ? s->ph - 1 : y - ATLAS_PAD;
        uint8_t *row = block + (size_t)y * (size_t)bw * 4;
        for (int x = 0; x < bw; x++) {
            int sx = x < ATLAS_PAD ? 0 : x - ATLAS_PAD >= s->pw ? s->pw - 1 : x - ATLAS_PAD;
            memcpy(row + x * 4, px + ((size_t)sy * (size_t)s->pw + (size_t)sx) * 4, 4);
        }
    }
}

/* The page width that holds all n rects in the least area (the page is
 * cropped to what it uses, and a driver keeps every texel of it), or a full
 * page's width when they cannot all fit in one. */
static int pack_width(stbrp_rect *rects, int n, stbrp_node *nodes)
{
    long long area = 0, best = -1;
    int widest = 1, best_w = ATLAS_PAGE_MAX;

    for (int i = 0; i < n; i++) {
        area += (long long)rects[i].w * rects[i].h;
        widest = rects[i].w > widest ? rects[i].w : widest;
    }
    for (int w = ATLAS_PAGE_MAX; w >= widest && (long long)w * ATLAS_PAGE_MAX >= area; w -= 64) {
        stbrp_context ctx;
        int used_w = 0, used_h = 0, all = 1;
        stbrp_init_target(&ctx, w, ATLAS_PAGE_MAX, nodes, ATLAS_PAGE_MAX);
        stbrp_pack_rects(&ctx, rects, n);
        for (int i = 0; i < n; i++) {
            all &= rects[i].was_packed != 0;
            if (rects[i].was_packed && rects[i].x + rects[i].w > used_w)
                used_w = rects[i].x + rects[i].w; /* unpacked: x and y mean "nowhere" */
            if (rects[i].was_packed && rects[i].y + rects[i].h > used_h)
                used_h = rects[i].y + rects[i].h;
            rects[i].was_packed = 0;
        }
        if (!all)
            break; /* narrower pages hold no more */
        if (best < 0 || (long long)used_w * used_h < best) {
            best = (long long)used_w * used_h;
            best_w = w;
        }
    }
    return best_w;
}

int atlas_layout(atlas *a, char *err, size_t errn)
{
    stbrp_rect *rects = calloc((size_t)a->count + 1, sizeof *rects);
    stbrp_node *nodes = calloc(ATLAS_PAGE_MAX, sizeof *nodes);
    int left = 0, rc = 0;

    free(a->pages);
    a->pages = NULL;
    a->npages = 0;
    for (int i = 0; i < a->count; i++) {
        atlas_sprite *s = &a->sprites[i];
        s->page = -1;
        if (!a->groups[s->group].laid_out)
            continue;
        if (s->pw + 2 * ATLAS_PAD > ATLAS_PAGE_MAX || s->ph + 2 * ATLAS_PAD > ATLAS_PAGE_MAX) {
            snprintf(err, errn, "%s: %dx%d px is larger than an atlas page", s->path, s->pw, s->ph);
            rc = -1;
        }
        left++;
    }
    if (!rects || !nodes) {
        snprintf(err, errn, "out of memory laying out the sprite atlas");
        rc = -1;
    }
    while (rc == 0 && left > 0) {
        stbrp_context ctx;
        int n = 0, used_w = 0, used_h = 0;
        atlas_page *pages;

        for (int i = 0; i < a->count; i++) {
            if (a->sprites[i].page >= 0 || !a->groups[a->sprites[i].group].laid_out)
                continue;
            rects[n].id = i;
            rects[n].w = a->sprites[i].pw + 2 * ATLAS_PAD;
            rects[n].h = a->sprites[i].ph + 2 * ATLAS_PAD;
            rects[n].was_packed = 0;
            n++;
        }
        stbrp_init_target(&ctx, pack_width(rects, n, nodes), ATLAS_PAGE_MAX, nodes, ATLAS_PAGE_MAX);
        stbrp_pack_rects(&ctx, rects, n);
        for (int i = 0; i < n; i++) {
            atlas_sprite *s = &a->sprites[rects[i].id];
            if (!rects[i].was_packed)
                continue;
            s->page = a->npages;
            s->x = rects[i].x + ATLAS_PAD;
            s->y = rects[i].y + ATLAS_PAD;
            if (rects[i].x + rects[i].w > used_w)
                used_w = rects[i].x + rects[i].w;
            if (rects[i].y + rects[i].h > used_h)
                used_h = rects[i].y + rects[i].h;
            left--;
        }
        if (!(pages = realloc(a->pages, (size_t)(a->npages + 1) * sizeof *pages))) {
            snprintf(err, errn, "out of memory laying out the sprite atlas");
            rc = -1;
            break;
        }
        a->pages = pages;
        pages[a->npages++] = (atlas_page){(used_w + 3) & ~3, (used_h + 3) & ~3};
    }
    free(rects);
    free(nodes);
    if (rc != 0) {
        for (int i = 0; i < a->count; i++)
            a->sprites[i].page = -1;
        free(a->pages);
        a->pages = NULL;
        a->npages = 0;
    }
    return rc;
}

#define CACHE_MAGIC "stkart04" /* 8 bytes, the 8-byte key, the pixels' 8-byte sum, then the blocks */
#define CACHE_HEADER 24

/* A sum of the pixels, a word at a time (FNV-1a's step over 64-bit words):
 * fast enough to check every warm start's cache, and any changed byte
 * changes it. */
static uint64_t pixel_sum(uint64_t h, const uint8_t *px, size_t n)
{
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        uint64_t w;
        memcpy(&w, px + k, 8);
        h = (h ^ w) * 1099511628211ull;
    }
    return fnv1a(h, px + k, n - k);
}

static uint64_t group_key(const atlas *a, int g)
{
    uint64_t h = 14695981039346656037ull;
    int q = (int)lroundf(a->scale * 100.0f), pad = ATLAS_PAD;

    h = fnv1a(h, CACHE_MAGIC, sizeof CACHE_MAGIC);
    h = fnv1a(h, &q, sizeof q);
    h = fnv1a(h, &pad, sizeof pad);
    for (int i = 0; i < a->count; i++) {
        if (a->sprites[i].group != g)
            continue;
        h = fnv1a(h, a->sprites[i].name, strlen(a->sprites[i].name) + 1);
        h = fnv1a(h, &a->sprites[i].hash, sizeof a->sprites[i].hash);
    }
    return h;
}

/* Cache files carry the scale and the group in their names, so a game moved
 * between a 1080p monitor and a 4K TV keeps a warm cache for each; the key
 * inside tells a stale file (other art, scale or format) from a current one. */
static void cache_path(char *out, size_t n, const char *dir, float scale, const char *group)
{
    char safe[128];
    size_t k = 0;
    for (const char *p = group; *p && k < sizeof safe - 1; p++)
        safe[k++] = (char)((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                                   (*p >= '0' && *p <= '9') || *p == '-'
                               ? *p
                               : '_');
    safe[k] = '\0';
    snprintf(out, n, "%s/art-s%d-%s.rgba", dir, (int)lroundf(scale * 1000.0f), k ? safe : "_top");
}

static int cache_valid(const char *path, uint64_t key, size_t bytes)
{
    char head[CACHE_HEADER] = {0};
    enum { CHUNK = 1 << 16 };
    uint8_t *chunk;
    uint64_t file_key, file_sum, sum = 14695981039346656037ull;
    struct stat st;
    FILE *f;
    int ok;

    if (stat(path, &st) != 0)
        return 0; /* a cold cache is normal, not worth a warning */
    if (!(f = fopen(path, "rb")))
        return 0;
    ok = fread(head, 1, sizeof head, f) == sizeof head;
    memcpy(&file_key, head + 8, sizeof file_key);
    memcpy(&file_sum, head + 16, sizeof file_sum);
    if (!ok || memcmp(head, CACHE_MAGIC, 8) != 0 || file_key != key) {
        fclose(f);
        return 0; /* stale, or of another format */
    }
    ok = (uint64_t)st.st_size == (uint64_t)bytes + CACHE_HEADER;
    if (!(chunk = malloc(CHUNK))) {
        fclose(f);
        return 0;
    }
    /* Same length is not same pixels: a file scribbled over keeps its size. */
    for (size_t done = 0; ok && done < bytes;) {
        size_t n = bytes - done < CHUNK ? bytes - done : CHUNK;
        ok = fread(chunk, 1, n, f) == n;
        sum = pixel_sum(sum, chunk, n);
        done += n;
    }
    free(chunk);
    fclose(f);
    if (!ok || sum != file_sum) {
        log_warn("sprite cache %s is corrupt; rebuilding it", path);
        return 0;
    }
    return 1;
}

static int make_dirs(const char *dir)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(tmp, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

/* Removes the whole-atlas cache of earlier versions at this scale: it is
 * never read again. */
static void remove_old_cache(const char *dir, float scale)
{
    char path[4200];
    int permille = (int)lroundf(scale * 1000.0f);

    snprintf(path, sizeof path, "%s/atlas-s%d.idx", dir, permille);
    remove(path);
    for (int i = 0; i < 64; i++) {
        snprintf(path, sizeof path, "%s/atlas-s%d-%d.rgba", dir, permille, i);
        if (remove(path) != 0) {
            snprintf(path, sizeof path, "%s/atlas-s%d-%d.png", dir, permille, i);
            if (remove(path) != 0)
                break;
        }
    }
}

/* Writes the group's data through a rename, so a crash mid-write leaves
 * either the old file or none. Returns 0 when the file now holds it. */
static int cache_save(const char *path, uint64_t key, const uint8_t *px, size_t bytes)
{
    char tmp[4300];
    FILE *f;
    int ok;

    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    uint64_t sum = pixel_sum(14695981039346656037ull, px, bytes);
    ok = (f = fopen(tmp, "wb")) != NULL && fwrite(CACHE_MAGIC, 1, 8, f) == 8 &&
         fwrite(&key, sizeof key, 1, f) == 1 && fwrite(&sum, sizeof sum, 1, f) == 1 &&
         fwrite(px, 1, bytes, f) == bytes;
    if (f && fclose(f) != 0)
        ok = 0;
    if (!ok || rename(tmp, path) != 0) {
        log_warn("cannot write sprite cache %s", path);
        remove(tmp);
        return -1;
    }
    return 0;
}

int atlas_group_load(atlas *a, int g, const char *cache_dir, char *err, size_t errn)
{
    atlas_group *gr = &a->groups[g];
    char path[4096];
    uint64_t key = group_key(a, g);
    uint8_t *data;
    int rc = 0;

    if (gr->loaded)
        return 0;
    if (cache_dir) {
        cache_path(path, sizeof path, cache_dir, a->scale, gr->name);
        if (cache_valid(path, key, gr->bytes)) {
            if (!(gr->file = strdup(path)))
                return -1;
            gr->loaded = 1;
            return 0;
        }
    }
    if (!(data = malloc(gr->bytes ? gr->bytes : 1))) {
        snprintf(err, errn, "out of memory rasterising the sprites in %s/", gr->name);
        return -1;
    }
    for (int i = 0; rc == 0 && i < a->count; i++) {
        atlas_sprite *s = &a->sprites[i];
        uint8_t *px;
        if (s->group != g)
            continue;
        if (!(px = s->damaged ? stand_in(s->pw, s->ph, err, errn) : rasterise_one(s, s->pw, s->ph, err, errn)))
            rc = -1;
        else
            extrude(s, px, data + s->block);
        free(px);
    }
    if (rc != 0) {
        free(data);
        return -1;
    }
    /* In the cache the pixels live in the file, and memory keeps none of them. */
    if (cache_dir && make_dirs(cache_dir) != 0)
        log_warn("cannot create sprite cache directory %s: %s", cache_dir, strerror(errno));
    else if (cache_dir && cache_save(path, key, data, gr->bytes) == 0 && (gr->file = strdup(path))) {
        remove_old_cache(cache_dir, a->scale);
        free(data);
        data = NULL;
    }
    gr->px = data;
    gr->loaded = 1;
    return 0;
}

int atlas_block_rows(const atlas *a, int s, int y0, int rows, uint8_t *out)
{
    const atlas_sprite *sp = &a->sprites[s];
    const atlas_group *gr = &a->groups[sp->group];
    size_t row = (size_t)(sp->pw + 2 * ATLAS_PAD) * 4, n = row * (size_t)rows;
    size_t off = sp->block + row * (size_t)y0;
    FILE *f;
    int ok;

    if (y0 < 0 || rows < 1 || y0 + rows > sp->ph + 2 * ATLAS_PAD || !gr->loaded)
        return -1;
    if (gr->px) {
        memcpy(out, gr->px + off, n);
        return 0;
    }
    if (!gr->file || !(f = fopen(gr->file, "rb")))
        return -1;
    ok = fseek(f, (long)(CACHE_HEADER + off), SEEK_SET) == 0 && fread(out, 1, n, f) == n;
    fclose(f);
    return ok ? 0 : -1;
}

void atlas_free(atlas *a)
{
    for (int i = 0; i < a->count; i++) {
        free(a->sprites[i].name);
        free(a->sprites[i].path);
    }
    for (int g = 0; g < a->ngroups; g++) {
        atlas_group_unload(a, g);
        free(a->groups[g].name);
    }
    free(a->sprites);
    free(a->groups);
    free(a->pages);
    memset(a, 0, sizeof *a);
}

int atlas_find(const atlas *a, const char *name)
{
    int lo = 0, hi = a->count - 1;

    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(a->sprites[mid].name, name);
        if (c == 0)
            return mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}
