/* testgame-common.h: what the two games of the test plugin share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

G_BEGIN_DECLS

#define TESTGAME_RESOURCE "/io/github/caturapp/Catur/testgame/"

guint64      testgame_hash             (guint64                 hash,
                                        const void             *data,
                                        gsize                   length);
void         testgame_square_name      (guint                   files,
                                        guint                   ranks,
                                        CaturSquare             square,
                                        char                    name[8]);
gboolean     testgame_parse_square     (guint                   files,
                                        guint                   ranks,
                                        const char             *text,
                                        CaturSquare            *square);
void         testgame_draw_board       (cairo_t                *cr,
                                        const CaturBoardLayout *layout,
                                        gboolean                dark);
GPtrArray   *testgame_list_piece_themes (const char            *folder);
GPtrArray   *testgame_list_board_themes (void);

CaturRecord *testgame_read_record      (CaturVariant           *variant,
                                        const char             *game_tag,
                                        const char             *data,
                                        gsize                   length,
                                        GError                **error);
GPtrArray   *testgame_read_records     (CaturVariant           *variant,
                                        const char             *game_tag,
                                        const char             *data,
                                        gsize                   length,
                                        GError                **error);
char        *testgame_write_record     (CaturVariant           *variant,
                                        const char             *game_tag,
                                        CaturRecord            *record,
                                        GError                **error);

G_END_DECLS
