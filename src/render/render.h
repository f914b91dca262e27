/* The renderer: a small API over a sprite batch, with an OpenGL 3.3 core back
 * end and a headless (null) back end for tests. Everything is placed in
 * virtual units: the screen is RENDER_VIRTUAL_H units tall and as wide as its
 * aspect makes it, so layout is proportioned the same from 720p to 4K.
 * Sprites and glyphs are rasterised at the display's scale, so they stay crisp. */
#ifndef STACKHOUSE_RENDER_H
#define STACKHOUSE_RENDER_H

#include <stddef.h>
#include <stdint.h>

#define RENDER_VIRTUAL_H 1080.0f

typedef struct render render;

typedef struct rcolor {
    uint8_t r, g, b, a; /* straight (not premultiplied) alpha */
} rcolor;

typedef struct rrect {
    float x, y, w, h; /* virtual units, origin top-left */
} rrect;

typedef int sprite_id; /* index into the loaded sprite table; -1 is none */

typedef enum font_face {
    FONT_SANS,
    FONT_SANS_BOLD,
    FONT_SERIF_BOLD, /* titles */
    FONT_MONO,
    FONT_SANS_OBLIQUE,
    FONT_COUNT
} font_face;

typedef enum text_align { TEXT_LEFT, TEXT_CENTER, TEXT_RIGHT } text_align;

typedef struct render_stats {
    int draw_calls;
    int quads;
    int texture_uploads; /* atlas (re)uploads this frame: glyph cache growth */
} render_stats;

/* Where the renderer finds its read-only data. */
typedef struct render_paths {
    const char *shader_dir; /* holds name.vert.glsl / name.frag.glsl */
    const char *asset_dir;  /* every *.svg below it is a sprite named by its relative path */
    const char *font_dir;   /* holds the DejaVu .ttf files */
    const char *cache_dir;  /* rasterised sprite pages are kept here; NULL: no disk cache */
} render_paths;

/* Creates the GL back end; a GL 3.3 core context must be current. Returns
 * NULL with a message in err (naming the file for a missing or bad asset). */
render *render_create_gl(const render_paths *paths, char *err, size_t errn);
/* Creates the headless back end: it lays out and counts but draws nothing.
 * Text metrics still come from the real fonts, so layout tests are exact. */
render *render_create_null(const render_paths *paths, char *err, size_t errn);
/* Frees the renderer and its GL objects. */
void render_destroy(render *r);
/* The message of the last failed render_begin (names the file at fault). */
const char *render_error(const render *r);

/* Starts a frame for a framebuffer of w×h pixels. Re-rasterises sprites and
 * glyphs when the pixels-per-unit scale changed. Returns 0, or -1 on an asset error. */
int render_begin(render *r, int fb_w, int fb_h, rcolor clear);
/* Flushes the batch (the GL back end issues one draw call per texture/clip run).
 * Art drawn for the first time is loaded here; returns -1 when it could not
 * be (the message is render_error's), else 0. */
int render_end(render *r);
/* The screen changed (a scene came or went): art the next frame does not
 * draw is given back with it, rather than after some idle frames, so the
 * next screen's art never joins the last one's. */
void render_art_trim(render *r);
/* Counts for the last finished frame. */
render_stats render_get_stats(const render *r);
/* Pixels per virtual unit for the current frame. */
float render_scale(const render *r);
/* Sets the pixels per virtual unit for what is drawn next (a screen drawing
 * another's content smaller: the replay's table above its control bar);
 * returns the scale it had. render_begin sets it from the framebuffer again. */
float render_set_scale(render *r, float scale);
/* Width of the screen in virtual units (height is RENDER_VIRTUAL_H). */
float render_virtual_w(const render *r);

/* Looks up a sprite by name ("ui/panel" for assets/ui/panel.svg). A name with
 * no SVG is logged once, with the file expected, and gets the stand-in: a
 * magenta checkerboard that every draw call below shows, so missing art is
 * seen and never silently left out. */
sprite_id render_sprite_find(render *r, const char *name);
/* Whether s is the stand-in for missing art, or art whose file is damaged (drawn as it). */
int render_sprite_is_missing(const render *r, sprite_id s);
/* The sprite's natural size in virtual units (the SVG root's width and height;
 * the stand-in is square). */
void render_sprite_size(const render *r, sprite_id s, float *w, float *h);

/* Draws a sprite stretched into dst, tinted (multiplied) by tint. A negative
 * dst.w (dst.h) mirrors it left-right (top-bottom) about dst.x (dst.y). */
void render_sprite(render *r, sprite_id s, rrect dst, rcolor tint);
/* Draws the part u0..u1, v0..v1 (fractions of its width and height) of a
 * sprite into dst, tinted top along its upper edge on screen and bottom along
 * its lower one (a flipped sprite too), blended between: a vertical gradient
 * for one quad (the table's vignette). */
void render_sprite_shaded(render *r, sprite_id s, rrect dst, float u0, float v0, float u1, float v1,
                          rcolor top, rcolor bottom);
/* Draws a sprite centred at (cx, cy), scaled and rotated (radians, clockwise). */
void render_sprite_ex(render *r, sprite_id s, float cx, float cy, float w, float h, float angle,
                      rcolor tint);
/* Draws a nine-slice panel: the borders from the SVG root's data-nine="l t r b"
 * keep their size, the middle stretches (a plain sprite without data-nine).
 * A negative width or height mirrors it, as for render_sprite. */
void render_nine(render *r, sprite_id s, rrect dst, rcolor tint);
/* Draws a soft drop shadow for a rounded rectangle (radius and blur in virtual units). */
void render_shadow(render *r, rrect dst, float radius, float blur, rcolor color);
/* render_shadow, for a shadow that `cover` (a rounded rectangle of
 * cover_radius, opaque, drawn next) hides the middle of: only the frame that
 * can show is shaded. The same pixels, at a fraction of the fill cost on a
 * software rasteriser. */
void render_shadow_behind(render *r, rrect dst, float radius, float blur, rcolor color, rrect cover,
                          float cover_radius);
/* render_round_rect, for a fill whose middle `cover` (an opaque rectangle,
 * drawn next) hides: only the part around it is filled. */
void render_round_rect_behind(render *r, rrect dst, float radius, rcolor c, rrect cover);
/* Fills a rectangle with a flat colour. */
void render_rect(render *r, rrect dst, rcolor c);
/* Fills a rounded rectangle with a flat colour (anti-aliased edges). */
void render_round_rect(render *r, rrect dst, float radius, rcolor c);
/* Strokes a rounded rectangle outline of the given thickness (focus rings). */
void render_round_outline(render *r, rrect dst, float radius, float thickness, rcolor c);
/* The same outline w×h centred at (cx, cy), rotated (radians, clockwise):
 * drawn from its distance field, so the line stays crisp at any angle and scale. */
void render_round_outline_ex(render *r, float cx, float cy, float w, float h, float angle, float radius,
                             float thickness, rcolor c);

/* Restricts drawing to clip (virtual units) until the matching pop; nests. */
void render_push_clip(render *r, rrect clip);
/* Ends the innermost clip. */
void render_pop_clip(render *r);
/* The current clip in virtual units (the whole screen when none is pushed). */
rrect render_clip_rect(const render *r);

/* Height of a line of text (ascent + descent + gap) in virtual units. */
float render_line_height(render *r, font_face f, float size);
/* Width of a single line of UTF-8 text in virtual units. */
float render_text_width(render *r, font_face f, float size, const char *utf8);
/* How many bytes of utf8 (at most len) fit in width w; at least one
 * codepoint when len > 0, so breaking an over-long word always progresses. */
size_t render_text_fit(render *r, font_face f, float size, const char *utf8, size_t len, float w);
/* Draws one line with its top-left at (x, y); returns its width. */
float render_text(render *r, font_face f, float size, float x, float y, rcolor c, const char *utf8);
/* Draws text word-wrapped into width w, aligned; returns the height used.
 * With draw 0 it only measures. */
float render_text_wrapped(render *r, font_face f, float size, float x, float y, float w,
                          text_align align, rcolor c, const char *utf8, int draw);

/* Called with the bounds (virtual units) and the size (virtual units, the
 * glyph em height) of every line of text drawn. */
typedef void (*render_text_hook)(void *user, rrect bounds, float size, const char *utf8);
/* Installs (or with NULL removes) a text hook, for layout tests. */
void render_set_text_hook(render *r, render_text_hook fn, void *user);
/* The colour the line being reported was drawn in: valid only inside a text
 * hook (contrast tests read it there). */
rcolor render_text_color(const render *r);

/* Reads the last frame's pixels (top row first, RGBA8) into rgba (w*h*4 bytes).
 * Returns 0, or -1 on the null back end. */
int render_read_pixels(render *r, int w, int h, uint8_t *rgba);
/* Reads rows [y0, y0 + rows) of a w*h frame, counted from the top, into rgba
 * (w*rows*4 bytes, top row first), so a large frame can be read in bands. */
int render_read_rows(render *r, int w, int h, int y0, int rows, uint8_t *rgba);

#endif
