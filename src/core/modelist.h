/* The one list of Stackhouse's modes, in picker order (like Tatham's
 * gamelist[]). Adding a mode is its rules folder, its view folder (and its
 * phone writers, for a hidden-hand game) and one row here: every list that
 * names modes (the core's registry, the app's views, the phones' writers and
 * the page's renderer) is an expansion of this one, and each expansion
 * declares the symbols a row names, so no file includes a mode's headers.
 *
 * MODE(id, name, pitch, rules doc, rules tab, min seats, max seats, kind,
 *      rules, realtime, view, settings, phone)
 * - rules: RULES(sym), the mode's const game_rules (a turn-based mode), or
 *   RULES_NONE (a real-time mode).
 * - realtime: REALTIME(sym), a real-time mode's const realtime_rules
 *   (core/realtime.h), or REALTIME_NONE (a turn-based mode).
 * - view: VIEW_TURNS(ops), a table_view_ops run by the table midend;
 *   VIEW_REALTIME(ops), a table_realtime_ops (table/table_rt.h): a view with
 *   its own clock, run by the real-time midend; or
 *   VIEW_NONE, no table yet.
 * - settings: the keys of the player settings (app/settings.h) that belong
 *   to this mode, space-separated; the settings screen names the mode (its
 *   rules tab) beside them. Modes sharing a setting list it each.
 * - phone: PHONE(writers, page), the mode's phone_view_writers
 *   (src/games/<game>/phone) and the name of the phone page's renderer in
 *   assets/web/games.js; or PHONE_NONE (the phone is a game pad). A mode that
 *   hides information must have writers (tests/phoneview checks).
 * The core expands the id, rules and realtime columns (registry.c) and never names a
 * view; the app expands the view (table/modes.c); the phones the phone
 * column (phoneview/phone_view.c). */
#ifndef STACKHOUSE_MODELIST_H
#define STACKHOUSE_MODELIST_H

#define MODE_LIST(MODE)                                                                                           \
    MODE(speedstax, "SPEEDSTAX", "Race to copy the card in wooden blocks before the clock runs out.", "maxstax", \
         "MAXSTAX", 2, 4, GAME_KIND_REALTIME, RULES_NONE, REALTIME(speedstax_rules_rt), VIEW_REALTIME(maxstax_view_realtime), "maxstax_snap maxstax_ghost", PHONE_NONE)     \
    MODE(samestax, "SAMESTAX", "Build a stack nobody else can copy, and keep your points.", "maxstax", "MAXSTAX", \
         2, 4, GAME_KIND_REALTIME, RULES_NONE, REALTIME(samestax_rules_rt), VIEW_REALTIME(maxstax_view_realtime), "maxstax_snap maxstax_ghost", PHONE_NONE)                                         \
    MODE(swapstax, "SWAPSTAX", "Trade stacker cards and build the stars you hold.", "maxstax", "MAXSTAX", 2, 4,   \
         GAME_KIND_REALTIME, RULES_NONE, REALTIME(swapstax_rules_rt), VIEW_REALTIME(maxstax_view_realtime), "maxstax_snap maxstax_ghost", PHONE_NONE)                                               \
    MODE(stakz, "Stakz", "Shed your tiles by colour or symbol; a fifth colour splits the stack.", "stakz",       \
         "Stakz", 2, 4, GAME_KIND_TURNS, RULES(stakz_rules), REALTIME_NONE, VIEW_TURNS(stakz_view_ops), "", PHONE(stakz_phone_writers, "stakz"))                        \
    MODE(stax, "STAX", "Checkers from 1919 where every capture builds a stack.", "stax", "STAX", 2, 2,           \
         GAME_KIND_TURNS, RULES(stax_rules), REALTIME_NONE, VIEW_TURNS(stax_view_ops), "", PHONE_NONE)                                             \
    MODE(stackatrack, "Stack-A-Track", "Slide railroad blocks into the frame and join up the track.",            \
         "stackatrack", "Stack-A-Track", 2, 4, GAME_KIND_TURNS, RULES(stackatrack_rules), REALTIME_NONE,                     \
         VIEW_TURNS(stackatrack_view_ops), "", PHONE(track_phone_writers, "track"))                                                                    \
    MODE(9stax, "9 STAX", "Play out nine face-down stacks before anyone else.", "9stax", "9 STAX", 2, 4,         \
         GAME_KIND_TURNS, RULES(nine_rules), REALTIME_NONE, VIEW_TURNS(nine_view_ops), "nine_memory", PHONE(nine_phone_writers, "nine"))

#endif
