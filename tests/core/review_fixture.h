/* The review tests' composed STAX match whose blunder is known: Red steps
 * its tall stack (four Blue prisoners under one Red man) into a Blue man's
 * capture, and Blue's capture is forced. Header-only, one constant. */
#ifndef STACKHOUSE_REVIEW_FIXTURE_H
#define STACKHOUSE_REVIEW_FIXTURE_H

static const char review_tall_record[] = "stackhouse-record 2\n"
                                         "game stax\n"
                                         "rules 1\n"
                                         "players 2\n"
                                         "option draw_repetition 1\n"
                                         "option draw_fifty 1\n"
                                         "seed 5\n"
                                         "start r:c3=bbbbr,h2=r,e5=b,h8=b\n"
                                         "clock 2000\n"
                                         "moves 2\n"
                                         "cursor 2\n"
                                         "1000 c3-d4\n"
                                         "2000 e5xc3\n"
                                         "end\n";

#endif
