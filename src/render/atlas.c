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

#define CACHE_MAGIC "stackhouse-atlas 2" /* 2: raw pages; 1 (PNG pages) reads as stale */

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
        if (!(buf = read_file(path, &len))) {
            snprintf(err, errn, "%s: cannot read: %s", path, strerror(errno));
            rc = -1;
        } else if (parse_svg_root(buf, s) != 0) {
            snprintf(err, errn, "%s: no <svg> root with numeric width/height (and valid data-nine)",
                     path);
            rc = -1;
        } else {
            s->hash = fnv1a(14695981039346656037ull, buf, len);
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

static void free_pages(atlas *a)
{
    for (int i = 0; i < a->npages; i++) {
        free(a->pages[i].rgba);
        free(a->pages[i].file);
    }
    free(a->pages);
    a->pages = NULL;
    a->npages = 0;
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

/* Rasterises one SVG to premultiplied RGBA of exactly pw×ph. */
static uint8_t *rasterise_one(const atlas_sprite *s, int pw, int ph, char *err, size_t errn)
{
    size_t len = 0;
    char *buf = read_file(s->path, &len);
    SDL_Surface *img = NULL, *conv = NULL;
    SDL_RWops *rw;
    uint8_t *out = NULL;

    if (!buf) {
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
                 conv ? "unexpected raster size" : IMG_GetError());
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

/* Copies a sprite into its page and repeats its edge texels into the padding,
 * so linear filtering at the sprite's border never samples a neighbour. */
static void blit_extruded(atlas_page *pg, const atlas_sprite *s, const uint8_t *px)
{
    for (int y = -ATLAS_PAD; y < s->ph + ATLAS_PAD; y++) {
        int sy = y < 0 ? 0 : y >= s->ph ? s->ph - 1 : y;
        uint8_t *row = pg->rgba + ((size_t)(s->y + y) * (size_t)pg->w + (size_t)s->x) * 4;
        for (int x = -ATLAS_PAD; x < s->pw + ATLAS_PAD; x++) {
            int sx = x < 0 ? 0 : x >= s->pw ? s->pw - 1 : x;
            memcpy(row + x * 4, px + ((size_t)sy * (size_t)s->pw + (size_t)sx) * 4, 4);
        }
    }
}

/* Assigns every sprite a page and position; pages are cropped to what they use. */
static int pack_sprites(atlas *a)
{
    stbrp_rect *rects = calloc((size_t)a->count + 1, sizeof *rects);
    stbrp_node *nodes = calloc(ATLAS_PAGE_MAX, sizeof *nodes);
    int left = a->count, rc = 0;

    if (!rects || !nodes)
        rc = -1;
    while (rc == 0 && left > 0) {
        stbrp_context ctx;
        int n = 0, used_w = 0, used_h = 0;
        atlas_page *pages;

        for (int i = 0; i < a->count; i++) {
            if (a->sprites[i].page >= 0)
                continue;
            rects[n].id = i;
            rects[n].w = a->sprites[i].pw + 2 * ATLAS_PAD;
            rects[n].h = a->sprites[i].ph + 2 * ATLAS_PAD;
            rects[n].was_packed = 0;
            n++;
        }
        stbrp_init_target(&ctx, ATLAS_PAGE_MAX, ATLAS_PAGE_MAX, nodes, ATLAS_PAGE_MAX);
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
        if (used_w == 0) { /* nothing fitted: a sprite larger than a page */
            rc = -1;
            break;
        }
        pages = realloc(a->pages, (size_t)(a->npages + 1) * sizeof *pages);
        if (!pages) {
            rc = -1;
            break;
        }
        a->pages = pages;
        pages[a->npages] = (atlas_page){(used_w + 3) & ~3, (used_h + 3) & ~3, NULL, NULL};
        pages[a->npages].rgba = calloc((size_t)pages[a->npages].w * (size_t)pages[a->npages].h, 4);
        if (!pages[a->npages++].rgba)
            rc = -1;
    }
    free(rects);
    free(nodes);
    return rc;
}

static uint64_t cache_key(const atlas *a, float scale)
{
    uint64_t h = 14695981039346656037ull;
    int q = (int)lroundf(scale * 100.0f);

    h = fnv1a(h, CACHE_MAGIC, sizeof CACHE_MAGIC);
    h = fnv1a(h, &q, sizeof q);
    for (int i = 0; i < a->count; i++) {
        h = fnv1a(h, a->sprites[i].name, strlen(a->sprites[i].name) + 1);
        h = fnv1a(h, &a->sprites[i].hash, sizeof a->sprites[i].hash);
    }
    return h;
}

/* A cache page is the raw premultiplied RGBA, w*h*4 bytes and nothing else:
 * decoding a PNG page cost 30 ms of a 1080p start; now the upload reads it in
 * bands (atlas_page_rows). A file of another length is not a page of this size. */
static int page_file_ok(const char *path, int w, int h)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
           (uint64_t)st.st_size == (uint64_t)w * (uint64_t)h * 4;
}

int atlas_page_rows(const atlas_page *pg, int y0, int rows, uint8_t *out)
{
    size_t row = (size_t)pg->w * 4, n = row * (size_t)rows;
    FILE *f;
    int ok;

    if (y0 < 0 || rows < 1 || y0 + rows > pg->h)
        return -1;
    if (pg->rgba) {
        memcpy(out, pg->rgba + row * (size_t)y0, n);
        return 0;
    }
    if (!pg->file || !(f = fopen(pg->file, "rb")))
        return -1;
    ok = fseek(f, (long)(row * (size_t)y0), SEEK_SET) == 0 && fread(out, 1, n, f) == n;
    fclose(f);
    return ok ? 0 : -1;
}

/* Cache files carry the scale in their names, so a game moved between a
 * 1080p monitor and a 4K TV keeps a warm cache for each. */
static void cache_path(char *out, size_t n, const char *dir, float scale, int page)
{
    int permille = (int)lroundf(scale * 1000.0f);
    if (page < 0)
        snprintf(out, n, "%s/atlas-s%d.idx", dir, permille);
    else
        snprintf(out, n, "%s/atlas-s%d-%d.rgba", dir, permille, page);
}

/* Loads pages and placements from the cache; any mismatch means a rebuild. */
static int cache_load(atlas *a, float scale, const char *dir, uint64_t key)
{
    char path[4096], magic[32], word[16];
    unsigned long long file_key;
    int npages, ok = 1;
    FILE *f;

    cache_path(path, sizeof path, dir, scale, -1);
    if (!(f = fopen(path, "r")))
        return -1; /* a cold cache is normal, not worth a warning */
    if (fscanf(f, "%31s %15s %llx %d", magic, word, &file_key, &npages) != 4 ||
        strcmp(magic, "stackhouse-atlas") != 0 || npages < 0 || npages > 64) {
        ok = 0;
    } else if (strcmp(word, "2") != 0 || file_key != key) {
        fclose(f);
        return -1; /* stale (other assets, scale or format), not corrupt */
    }
    if (ok && npages > 0 && !(a->pages = calloc((size_t)npages, sizeof *a->pages)))
        ok = 0;
    for (int i = 0; ok && i < npages; i++) {
        atlas_page *pg = &a->pages[i];
        int idx;
        if (fscanf(f, "%15s %d %d %d", word, &idx, &pg->w, &pg->h) != 4 || strcmp(word, "page") ||
            idx != i || pg->w <= 0 || pg->h <= 0 || pg->w > ATLAS_PAGE_MAX || pg->h > ATLAS_PAGE_MAX) {
            ok = 0;
            break;
        }
        a->npages++;
        cache_path(path, sizeof path, dir, scale, i);
        if (!page_file_ok(path, pg->w, pg->h) || !(pg->file = strdup(path)))
            ok = 0;
    }
    for (int i = 0; ok && i < a->count; i++) {
        atlas_sprite *s = &a->sprites[i];
        int idx, pw, ph;
        sprite_pixels(s, scale, &pw, &ph);
        if (fscanf(f, "%15s %d %d %d %d %d %d", word, &idx, &s->page, &s->x, &s->y, &s->pw,
                   &s->ph) != 7 ||
            strcmp(word, "sprite") || idx != i || s->page < 0 || s->page >= npages || s->pw != pw ||
            s->ph != ph || s->x < ATLAS_PAD || s->y < ATLAS_PAD ||
            s->x + s->pw + ATLAS_PAD > a->pages[s->page].w ||
            s->y + s->ph + ATLAS_PAD > a->pages[s->page].h)
            ok = 0;
    }
    fclose(f);
    if (!ok) {
        log_warn("sprite cache in %s is corrupt; rebuilding it", dir);
        free_pages(a);
        for (int i = 0; i < a->count; i++)
            a->sprites[i].page = -1;
        return -1;
    }
    return 0;
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

/* Writes pages then the index, each through a rename, so a crash mid-write
 * leaves either the old cache or one that fails validation. */
static void cache_save(const atlas *a, float scale, const char *dir, uint64_t key)
{
    char path[4096], tmp[4200];
    FILE *f;

    if (make_dirs(dir) != 0) {
        log_warn("cannot create sprite cache directory %s: %s", dir, strerror(errno));
        return;
    }
    for (int i = 0; i < a->npages; i++) {
        size_t n = (size_t)a->pages[i].w * (size_t)a->pages[i].h * 4;
        char old[4096];
        cache_path(path, sizeof path, dir, scale, i);
        snprintf(tmp, sizeof tmp, "%s.tmp", path);
        int ok = (f = fopen(tmp, "wb")) != NULL && fwrite(a->pages[i].rgba, 1, n, f) == n;
        if (f && fclose(f) != 0)
            ok = 0;
        if (!ok || rename(tmp, path) != 0) {
            log_warn("cannot write sprite cache page %s", path);
            remove(tmp);
            return;
        }
        /* A page from cache format 1 is never read again. */
        snprintf(old, sizeof old, "%.*s.png", (int)(strlen(path) - 5), path);
        remove(old);
    }
    cache_path(path, sizeof path, dir, scale, -1);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (!(f = fopen(tmp, "w"))) {
        log_warn("cannot write sprite cache index %s", path);
        return;
    }
    fprintf(f, "%s %016llx %d\n", CACHE_MAGIC, (unsigned long long)key, a->npages);
    for (int i = 0; i < a->npages; i++)
        fprintf(f, "page %d %d %d\n", i, a->pages[i].w, a->pages[i].h);
    for (int i = 0; i < a->count; i++) {
        const atlas_sprite *s = &a->sprites[i];
        fprintf(f, "sprite %d %d %d %d %d %d\n", i, s->page, s->x, s->y, s->pw, s->ph);
    }
    if (fclose(f) != 0 || rename(tmp, path) != 0)
        log_warn("cannot write sprite cache index %s", path);
}

int atlas_rasterise(atlas *a, float scale, const char *cache_dir, char *err, size_t errn)
{
    uint8_t **px;
    uint64_t key;
    int rc = 0;

    scale = atlas_quantise_scale(scale);
    free_pages(a);
    a->scale = 0;
    for (int i = 0; i < a->count; i++)
        a->sprites[i].page = -1;
    key = cache_key(a, scale);
    if (cache_dir && cache_load(a, scale, cache_dir, key) == 0) {
        a->scale = scale;
        return 0;
    }
    if (!(px = calloc((size_t)a->count + 1, sizeof *px)))
        return -1;
    for (int i = 0; rc == 0 && i < a->count; i++) {
        atlas_sprite *s = &a->sprites[i];
        sprite_pixels(s, scale, &s->pw, &s->ph);
        if (s->pw + 2 * ATLAS_PAD > ATLAS_PAGE_MAX || s->ph + 2 * ATLAS_PAD > ATLAS_PAGE_MAX) {
            snprintf(err, errn, "%s: %dx%d px is larger than an atlas page", s->path, s->pw, s->ph);
            rc = -1;
        } else if (!(px[i] = rasterise_one(s, s->pw, s->ph, err, errn))) {
            rc = -1;
        }
    }
    if (rc == 0 && pack_sprites(a) != 0) {
        snprintf(err, errn, "out of memory packing the sprite atlas");
        rc = -1;
    }
    for (int i = 0; rc == 0 && i < a->count; i++)
        blit_extruded(&a->pages[a->sprites[i].page], &a->sprites[i], px[i]);
    for (int i = 0; i < a->count; i++)
        free(px[i]);
    free(px);
    if (rc != 0) {
        free_pages(a);
        return -1;
    }
    a->scale = scale;
    if (cache_dir)
        cache_save(a, scale, cache_dir, key);
    return 0;
}

void atlas_release_pixels(atlas *a)
{
    for (int i = 0; i < a->npages; i++) {
        free(a->pages[i].rgba);
        free(a->pages[i].file);
        a->pages[i].rgba = NULL;
        a->pages[i].file = NULL;
    }
}

void atlas_free(atlas *a)
{
    for (int i = 0; i < a->count; i++) {
        free(a->sprites[i].name);
        free(a->sprites[i].path);
    }
    free(a->sprites);
    free_pages(a);
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
