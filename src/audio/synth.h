/* Our own sound effects and music, synthesised in code (no samples are
 * committed). Pure C: produces float PCM, testable without SDL. */
#ifndef STACKHOUSE_SYNTH_H
#define STACKHOUSE_SYNTH_H

typedef enum sfx_id {
    SFX_CLICK,   /* UI click / focus accept */
    SFX_PICKUP,  /* lifting a piece, card or block */
    SFX_DROP,    /* setting it down */
    SFX_SHUFFLE, /* deck shuffle */
    SFX_DEAL,    /* one card dealt */
    SFX_TICK,    /* timer tick */
    SFX_WIN,     /* winning fanfare */
    SFX_ERROR,   /* refused action */
    SFX_KNOCK,   /* wood on wood: a block striking another */
    SFX_COLLAPSE, /* a structure coming down: a cascade of knocks */
    SFX_SHOUT,   /* calling MAX STAX! */
    SFX_CHEER,   /* the score screen's celebration: a popper and a rising sparkle */
    SFX_COUNT
} sfx_id;

/* Name of an effect ("click"...), for the CLI and logs. */
const char *synth_name(sfx_id id);
/* Renders effect id as mono float samples in [-1, 1] at rate Hz into a
 * malloc'd buffer (*out, *frames). Deterministic. Returns 0 or -1. */
int synth_render(sfx_id id, int rate, float **out, int *frames);
/* Renders the seamless background music loop (mono, rate Hz). Returns 0 or -1. */
int synth_music(int rate, float **out, int *frames);

#endif
