/* The one list of Stackhouse's modes, in picker order (like Tatham's
 * gamelist[]). Adding a mode is its rules folder, its view folder and one
 * row here (plus the two #includes that name them: registry.c for the rules,
 * table/modes.c for the view).
 *
 * MODE(id, name, pitch, rules doc, rules tab, min seats, max seats, kind,
 *      rules, real-time scoring, view, settings)
 * - rules: the game_rules of a turn-based mode, NULL until they land (and
 *   for a real-time mode, which has its own interface, maxstax_match).
 * - real-time scoring: the maxstax_scoring its match plays (0 otherwise).
 * - view: VIEW_TURNS(ops), a table_view_ops run by the table midend;
 *   VIEW_REALTIME(ops), a table_realtime_ops that runs its own clock; or
 *   VIEW_NONE, no table yet.
 * - settings: the keys of the player settings (app/settings.h) that belong
 *   to this mode, space-separated; the settings screen names the mode (its
 *   rules tab) beside them. Modes sharing a setting list it each.
 * The core expands the rules columns (registry.c) and never names a view;
 * the app expands the id and the view (table/modes.c). */
#ifndef STACKHOUSE_MODELIST_H
#define STACKHOUSE_MODELIST_H

#define MODE_LIST(MODE)                                                                                           \
    MODE(speedstax, "SPEEDSTAX", "Race to copy the card in wooden blocks before the clock runs out.", "maxstax", \
         "MAXSTAX", 2, 4, GAME_KIND_REALTIME, NULL, MAXSTAX_SPEEDSTAX, VIEW_REALTIME(maxstax_view_realtime), "maxstax_snap maxstax_ghost")     \
    MODE(samestax, "SAMESTAX", "Build a stack nobody else can copy, and keep your points.", "maxstax", "MAXSTAX", \
         2, 4, GAME_KIND_REALTIME, NULL, MAXSTAX_SAMESTAX, VIEW_REALTIME(maxstax_view_realtime), "maxstax_snap maxstax_ghost")                                         \
    MODE(swapstax, "SWAPSTAX", "Trade stacker cards and build the stars you hold.", "maxstax", "MAXSTAX", 2, 4,   \
         GAME_KIND_REALTIME, NULL, MAXSTAX_SWAPSTAX, VIEW_REALTIME(maxstax_view_realtime), "maxstax_snap maxstax_ghost")                                               \
    MODE(stakz, "Stakz", "Shed your tiles by colour or symbol; a fifth colour splits the stack.", "stakz",       \
         "Stakz", 2, 4, GAME_KIND_TURNS, &stakz_rules, 0, VIEW_TURNS(stakz_view_ops), "")                        \
    MODE(stax, "STAX", "Checkers from 1919 where every capture builds a stack.", "stax", "STAX", 2, 2,           \
         GAME_KIND_TURNS, &stax_rules, 0, VIEW_TURNS(stax_view_ops), "")                                             \
    MODE(stackatrack, "Stack-A-Track", "Slide railroad blocks into the frame and join up the track.",            \
         "stackatrack", "Stack-A-Track", 2, 4, GAME_KIND_TURNS, &stackatrack_rules, 0,                            \
         VIEW_TURNS(stackatrack_view_ops), "")                                                                    \
    MODE(9stax, "9 STAX", "Play out nine face-down stacks before anyone else.", "9stax", "9 STAX", 2, 4,         \
         GAME_KIND_TURNS, &nine_rules, 0, VIEW_TURNS(nine_view_ops), "nine_memory")

#endif
