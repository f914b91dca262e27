/* The one list of Stackhouse's modes, in picker order (like Tatham's
 * gamelist[]). Adding a mode is its rules folder, its view folder (and its
 * phone writers, for a hidden-hand game) and one row here: every list that
 * names modes (the core's registry, the app's views, the phones' writers and
 * the page's renderer) is an expansion of this one, and each expansion
 * declares the symbols a row names, so no file includes a mode's headers.
 *
 * MODE(id, name, pitch, rules doc, rules tab, min seats, max seats, kind,
 *      rules, realtime, view, settings, phone, sample)
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
 * - sample: SAMPLE(seats, words), a finished match for the score screen's
 *   sample (--scene score, its goldens, the benchmark), started as --scene
 *   table starts one, from --seats seats and --position words: a turn-based
 *   mode's final position in its rules' notation, or a position and the
 *   moves played from it to the end ("POSITION|MOVES": the record then
 *   holds each round, for the report's per-round points), whose report is the one
 *   the table hands the score screen (table_report); a real-time mode's view
 *   test words, composing a match to its end, reported by the real-time
 *   midend (table_rt_report). Every mode
 *   has one (test_table_modes checks).
 * The core expands the id, rules and realtime columns (registry.c) and never names a
 * view; the app expands the view and the sample (table/modes.c); the phones
 * the phone column (phoneview/phone_view.c). */
#ifndef STACKHOUSE_MODELIST_H
#define STACKHOUSE_MODELIST_H

#define MODE_LIST(MODE)                                                                                           \
    MODE(speedstax, "SPEEDSTAX", "Race to copy the card in wooden blocks before the clock runs out.", "maxstax", \
         "MAXSTAX", 2, 4, GAME_KIND_REALTIME, RULES_NONE, REALTIME(speedstax_rules_rt), VIEW_REALTIME(maxstax_view_realtime), "maxstax_snap maxstax_ghost", PHONE_NONE,\
         SAMPLE("human,hard,human,easy", "played=4.3.2.0/2.4.3.0/3.0.4.2/4.2.0.3/0.4.3.2 stackoff=0"))     \
    MODE(samestax, "SAMESTAX", "Build a stack nobody else can copy, and keep your points.", "maxstax", "MAXSTAX", \
         2, 4, GAME_KIND_REALTIME, RULES_NONE, REALTIME(samestax_rules_rt), VIEW_REALTIME(maxstax_view_realtime), "maxstax_snap maxstax_ghost", PHONE_NONE,\
         SAMPLE("human,medium,easy", "creator=0 played=2.0.0/1.0.1/0.1.1/1.1.0/1.0.1/0.1.1"))                                         \
    MODE(swapstax, "SWAPSTAX", "Trade stacker cards and build the stars you hold.", "maxstax", "MAXSTAX", 2, 4,   \
         GAME_KIND_REALTIME, RULES_NONE, REALTIME(swapstax_rules_rt), VIEW_REALTIME(maxstax_view_realtime), "maxstax_snap maxstax_ghost", PHONE_NONE,\
         SAMPLE("human,hard,medium", "played=2.3.1/3.0.2/1.2.2/3.3.0/2.1.3"))                                               \
    MODE(stakz, "Stakz", "Shed your tiles by colour or symbol; a fifth colour splits the stack.", "stakz",       \
         "Stakz", 2, 4, GAME_KIND_TURNS, RULES(stakz_rules), REALTIME_NONE, VIEW_TURNS(stakz_view_ops), "", PHONE(stakz_phone_writers, "stakz"),\
         SAMPLE("human,medium,easy",\
                "start:3:12|o5>1 b5>1 r5>2 b1>1 g5>2 end:b g1>2 r1>1 end:b o1>2 r5>1 p1>2 p5>2 end:g end:b end:g "\
                "end:o end:o g5>1 end:b b5>2 o1>2 g4>3 o5>2 end:b g2>3 o2>3 b2>3 end:r end:g g3>1 b5>2 end:b b3>2 "\
                "end:g r2>3 p2>4 g4>5 b2>3 o4>4 b4>5 p4>5 g4>5 b4>4 end:b end:o p4>4 end:p end:g r4>4 g1>5 b1>5 "\
                "b2>4 end:p p2>4 p5>4 r5>4 r3>5 g3>5 o3>5 o5>2 p2>1 g5>2 b5>2 o2>1 b3>2 end:p end:p p3>2 o3>1 "\
                "p3>2 end:o g3>2 end:r end:r r3>2 o2>3 o1>3 g3>2 end:r r1>3 end:b g1>3 b1>3 p4>4 p1>4 p3>4 r4>5 "\
                "r3>1 end:o r1>1 r4>5 end:o p4>5 r3>2 r5>2 b3>4 p2>4 o1>1 b4>2 r4>2 p4>2 p5>2 g1>1 g3>1 b3>1 "\
                "end:r g5>2 g3>2 o3>2 p2>2 o2>3 r3>1 r4>1 b2>3 p4>1 b1>1"))                        \
    MODE(stax, "STAX", "Checkers from 1919 where every capture builds a stack.", "stax", "STAX", 2, 2,           \
         GAME_KIND_TURNS, RULES(stax_rules), REALTIME_NONE, VIEW_TURNS(stax_view_ops), "", PHONE_NONE,\
         SAMPLE("human,medium", "b:d2=bR,f4=r,c5=br,g5=br,b6=bbbr,f6=br,h6=rrb,a7=rb,g7=bbr,h8=rrb"))                                             \
    MODE(stackatrack, "Stack-A-Track", "Slide railroad blocks into the frame and join up the track.",            \
         "stackatrack", "Stack-A-Track", 2, 4, GAME_KIND_TURNS, RULES(stackatrack_rules), REALTIME_NONE,                     \
         VIEW_TURNS(stackatrack_view_ops), "", PHONE(track_phone_writers, "track"),\
         SAMPLE("human,easy,easy", "1;TR.RB.RL.TL.RB.TL/TL.BL/RL.TB.TL+RB.TB+RL.TR+BL.RB/RL/TL.TB.BL/TB.TB.R.TR.TR+BL.TB;BL:TL+RB/-/-;2,3,14"))                                                                    \
    MODE(9stax, "9 STAX", "Play out nine face-down stacks before anyone else.", "9stax", "9 STAX", 2, 4,         \
         GAME_KIND_TURNS, RULES(nine_rules), REALTIME_NONE, VIEW_TURNS(nine_view_ops), "nine_memory", PHONE(nine_phone_writers, "nine"),\
         SAMPLE("human,easy,hard", "players=3,turn=p1,dir=cw,act=G7,imm=p1p2p3,reveal=none,pend=none,passes=0,rng=74a8d0218d376b8d,p1=-,p2=1:B1.G2/B2.G3/GP,p3=2:CS/B8,draw=GA.P4.R1.RD.BS.P8.RA.G2.GA.P2.BA.BR.GV.FD.R3.RR.B9.P5.RS.RD.GR.P7.R8.PA.FD.B9.BP.G1.GA.G8.G9.CS.CS.RP.G1.G5.R9.G4.P1.PV.PS.CS.CS.FD.B5.G2.P3.P5.R5.RV.BS.P7.G4.G8.P6.CS.R4.BA.BD.PD.R7.G4.P6.PR.BD.G9.B7.RD.B3.R2.R7.PP.P9.CS.CS.PV.RS.RA.GP.R2.B8.G1.P1.P7.B8.RA.R6.P6.R4.G6.GD.BS.PP.R1.PD.CS.B6.P9.R4.B4.FD.R6.B7.FD.R1.G7.B9.R5.GV.FD.GR.GD.B6.G3.P8.PS.FD.GS.P3.R9.B3.R7.BA.R8.P8.B5.GD.RR.PA.RP.RA.G6.PA.P2.G7.B5.G3.R2.G9.P3.GS.PA.FD.P4.BD.PR.GA.BR.RV.PD.G5.PS.GD.FD.G5.B7.G8.CS.R8.CS.B6.BV.GS.B2.B3.R3.RD.P5.FD.R9.BV.P9.CS.BP.PD.R6.P4.R3.G6.RS.B4.B2.FD.B1.P2.B4.BD.P1.FD.B1.BA,disc=G7.R5"))

#endif
