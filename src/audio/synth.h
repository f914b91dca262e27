/* Our own sound effects and music, synthesised in code (no samples are
 * committed). Pure C: produces float PCM, testable without SDL. */
#ifndef STACKHOUSE_SYNTH_H
#define STACKHOUSE_SYNTH_H

typedef enum sfx_id {
    SFX_CLICK,   /* UI click / focus accept */
    SFX_PICKUP,  /* lifting a piece, card or block */
    SFX_DROP,    /* setting it down */
    SFX_SHUFFLE, SFX_SHUFFLE_2, SFX_SHUFFLE_3, /* a deck riffled: a family (below), in synth_table.c */
    SFX_DEAL,    /* one card dealt */
    SFX_TICK,    /* timer tick */
    SFX_WIN,     /* winning fanfare */
    SFX_ERROR,   /* refused action */
    SFX_KNOCK,   /* wood on wood: a block striking another */
    SFX_COLLAPSE, /* a structure coming down: a cascade of knocks */
    SFX_SHOUT,   /* calling MAX STAX! */
    SFX_CHEER,   /* the score screen's celebration: a popper and a rising sparkle */
    /* Table sounds. Each family is SFX_VARIANTS consecutive ids, each variant
     * at its own pitch and grain: a player picks one at random
     * (synth_variant), so a repeated action never sounds the same twice. */
    SFX_KNOCK_BLOCK, SFX_KNOCK_BLOCK_2, SFX_KNOCK_BLOCK_3, /* a plank striking a plank */
    SFX_KNOCK_TABLE, SFX_KNOCK_TABLE_2, SFX_KNOCK_TABLE_3, /* a plank striking the tabletop */
    SFX_CARD_SLIDE, SFX_CARD_SLIDE_2, SFX_CARD_SLIDE_3,    /* a card slid across the felt */
    SFX_CARD_FLIP, SFX_CARD_FLIP_2, SFX_CARD_FLIP_3,       /* a card turned over */
    SFX_TILE_CLICK, SFX_TILE_CLICK_2, SFX_TILE_CLICK_3,    /* a Stakz tile set down */
    SFX_CHECKER, SFX_CHECKER_2, SFX_CHECKER_3,             /* a STAX checker clacking down */
    SFX_TRACK_SLIDE, SFX_TRACK_SLIDE_2, SFX_TRACK_SLIDE_3, /* a track block sliding into the frame */
    /* One cue each for a game's big moment. */
    SFX_STAKZ_SPLIT, /* a Stakz stack split in two */
    SFX_STAX_MULTI,  /* a STAX move capturing more than one stack */
    SFX_TRACK_LOOP,  /* a Stack-A-Track loop closed */
    SFX_COUNT
} sfx_id;

#define SFX_VARIANTS 3

/* Name of an effect ("click"...), for the CLI and logs. */
const char *synth_name(sfx_id id);
/* How many variants family id has (SFX_VARIANTS for a family's first id, else 1). */
int synth_variants(sfx_id id);
/* Variant k (any unsigned; taken modulo the family's size) of family id. */
sfx_id synth_variant(sfx_id id, unsigned k);
/* Renders effect id as mono float samples in [-1, 1] at rate Hz into a
 * malloc'd buffer (*out, *frames). Deterministic. Returns 0 or -1. */
int synth_render(sfx_id id, int rate, float **out, int *frames);
/* Renders the seamless background music loop (mono, rate Hz). Returns 0 or -1. */
int synth_music(int rate, float **out, int *frames);

#endif
