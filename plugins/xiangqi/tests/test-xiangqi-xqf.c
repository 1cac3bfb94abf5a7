/* test-xiangqi-xqf.c: XQF files, as XQStudio's versions write them, read back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The files are made here, by a small writer of the format (make_xqf()): the same game in the
 * plain version 1.0 and the enciphered 1.1 and 1.8, a set-up endgame with Black to move, and
 * broken files, each of which must be refused with a message that says what is wrong.
 *
 *   test-xiangqi-xqf --write-corpus DIR   writes the files as seeds for fuzz-xqf
 */
#include <catur.h>
#include <string.h>

static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

typedef struct
{
  const char *iccs;
  const char *comment;
} Step;

typedef struct
{
  guint8 version;
  guint8 keys[8];            /* header bytes 8 to 15 */
  guint8 mask;               /* header byte 3 */
  guint8 kind;               /* 0 a whole game, 3 an endgame set up by its points */
  const guint8 *points;      /* the 32 pieces' points for an endgame */
  guint8 result;
  const char *title, *event, *date, *site, *red, *black;
  const char *start_comment;
  const Step *steps;
  guint n_steps;
} XqfGame;

static guint8
point_of (const char *square)
{
  return (guint8) ((square[0] - 'a') * 10 + (square[1] - '0'));
}

static void
put_string (guint8 *header, guint offset, guint size, const char *utf8)
{
  g_autofree char *gbk = NULL;
  gsize length = 0;

  if (utf8 == NULL)
    return;
  gbk = g_convert (utf8, -1, "GB18030", "UTF-8", NULL, &length, NULL);
  g_assert_nonnull (gbk);
  g_assert_cmpuint (length, <, size);
  header[offset] = (guint8) length;
  memcpy (header + offset + 1, gbk, length);
}

/* The cipher of versions 11 and later, from the key bytes, as the reader must undo it. */
typedef struct
{
  guint8 pieces, from, to;
  guint32 comment;
  guint8 stream[32];
} Cipher;

static guint8
square_of_key (guint8 x)
{
  return (guint8) (x * x * 54 + 221);
}

static void
cipher_init (Cipher *cipher, const guint8 *header)
{
  static const char mask[] = "[(C) Copyright Mr. Dong Shiwei.]";

  memset (cipher, 0, sizeof *cipher);
  if (header[2] < 11)
    return;
  cipher->pieces = (guint8) (square_of_key (header[13]) * header[13]);
  cipher->from = (guint8) (square_of_key (header[14]) * cipher->pieces);
  cipher->to = (guint8) (square_of_key (header[15]) * cipher->from);
  cipher->comment = (guint32) (header[12] * 256 + header[13]) % 32000 + 767;
  for (guint i = 0; i < 32; i++)
    cipher->stream[i] = (guint8) ((header[8 + i % 4] | (header[12 + i % 4] & header[3]))
                                  & mask[i]);
}

static void
put_record (GByteArray *moves, const Cipher *cipher, guint8 version, guint8 from, guint8 to,
            gboolean more, const char *comment)
{
  g_autofree char *gbk = comment != NULL ? g_convert (comment, -1, "GB18030", "UTF-8", NULL,
                                                      NULL, NULL) : NULL;
  guint32 length = gbk != NULL ? (guint32) strlen (gbk) : 0;
  guint8 tag = version < 11 ? (more ? 0xf0 : 0x00)
                            : (guint8) ((more ? 0x80 : 0) | (length > 0 ? 0x20 : 0));
  guint8 bytes[4] = { (guint8) (from + 24 + cipher->from), (guint8) (to + 32 + cipher->to), tag,
                      0 };

  g_byte_array_append (moves, bytes, 4);
  if (version < 11 || length > 0)
    {
      guint32 stored = version < 11 ? length : length + cipher->comment;
      guint8 size[4] = { (guint8) stored, (guint8) (stored >> 8), (guint8) (stored >> 16),
                         (guint8) (stored >> 24) };

      g_byte_array_append (moves, size, 4);
    }
  if (length > 0)
    g_byte_array_append (moves, (const guint8 *) gbk, length);
}

/* An XQF file of @game, as XQStudio's version @game->version writes one. */
static GBytes *
make_xqf (const XqfGame *game)
{
  static const guint8 start[32] = {
    0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83,
    9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86,
  };
  g_autoptr(GByteArray) file = g_byte_array_new ();
  g_autoptr(GByteArray) moves = g_byte_array_new ();
  guint8 header[0x400] = { 'X', 'Q', game->version, game->mask };
  const guint8 *points = game->points != NULL ? game->points : start;
  Cipher cipher;

  memcpy (header + 8, game->keys, 8);
  cipher_init (&cipher, header);
  for (guint i = 0; i < 32; i++)
    {
      guint8 point = game->version >= 12 ? points[(cipher.pieces + 1 + i) % 32] : points[i];

      header[0x10 + i] = (guint8) (point + cipher.pieces);
    }
  header[0x33] = game->result;
  header[0x40] = game->kind;
  put_string (header, 0x50, 64, game->title);
  put_string (header, 0xd0, 64, game->event);
  put_string (header, 0x110, 16, game->date);
  put_string (header, 0x120, 16, game->site);
  put_string (header, 0x130, 16, game->red);
  put_string (header, 0x140, 16, game->black);

  put_record (moves, &cipher, game->version, 0, 0, game->n_steps > 0, game->start_comment);
  for (guint i = 0; i < game->n_steps; i++)
    put_record (moves, &cipher, game->version, point_of (game->steps[i].iccs),
                point_of (game->steps[i].iccs + 2), i + 1 < game->n_steps,
                game->steps[i].comment);
  for (guint i = 0; i < moves->len; i++)
    moves->data[i] = (guint8) (moves->data[i] + cipher.stream[i % 32]);

  g_byte_array_append (file, header, sizeof header);
  g_byte_array_append (file, moves->data, moves->len);
  return g_byte_array_free_to_bytes (g_steal_pointer (&file));
}

static const Step game_steps[] = {
  { "h2e2", NULL }, { "h9g7", NULL }, { "h0g2", "马二进三，正着" }, { "i9h9", NULL },
  { "i0h0", NULL }, { "b9c7", NULL }, { "b0c2", NULL }, { "b7b3", "过河炮" },
  { "g3g4", NULL }, { "h7h3", NULL },
};

static XqfGame
whole_game (guint8 version)
{
  XqfGame game = {
    version, { 0x12, 0x9c, 0x5a, 0x33, 0xe1, 0x47, 0xb8, 0x2d }, 0xa5, 0, NULL, 1,
    "中炮对屏风马", "测试赛", "2026年12月5日", "北京", "张三", "李四", "开局介绍",
    game_steps, G_N_ELEMENTS (game_steps),
  };

  return game;
}

/* An endgame: Black's chariot and pawn against Red's horse and advisors, Black to move. */
static const guint8 endgame_points[32] = {
  255, 62, 255, 30, 41, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  255, 255, 255, 255, 49, 255, 255, 255, 85, 255, 255, 255, 255, 44, 255, 255,
};
static const Step endgame_steps[] = {
  { "i5i0", "车９进５" }, { "e1e2", NULL }, { "e4e3", NULL },
};

static XqfGame
endgame (guint8 version)
{
  XqfGame game = {
    version, { 0x07, 0x61, 0xd0, 0x3e, 0x90, 0x0b, 0xfe, 0x44 }, 0xff, 3, endgame_points, 2,
    "残局", NULL, NULL, NULL, NULL, NULL, NULL, endgame_steps, G_N_ELEMENTS (endgame_steps),
  };

  return game;
}

static CaturRecord *
read_xqf (GBytes *bytes, GError **error)
{
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  return catur_variant_read_record (xiangqi (), "xqf", data, length, error);
}

static char *
final_fen (CaturRecord *record)
{
  g_autoptr(CaturPosition) final = catur_record_dup_final_position (record);

  return catur_variant_format (xiangqi (), final);
}

static void
test_versions (void)
{
  static const guint8 versions[] = { 10, 11, 12, 18 };
  g_autoptr(CaturRecord) first = NULL;

  for (guint v = 0; v < G_N_ELEMENTS (versions); v++)
    {
      XqfGame game = whole_game (versions[v]);
      g_autoptr(GBytes) bytes = make_xqf (&game);
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = read_xqf (bytes, &error);
      g_autofree char *fen = NULL;

      g_test_message ("version %u", versions[v]);
      g_assert_no_error (error);
      g_assert_cmpuint (catur_record_get_n_moves (record), ==, G_N_ELEMENTS (game_steps));
      g_assert_cmpstr (catur_record_get_tag (record, "Event"), ==, "测试赛");
      g_assert_cmpstr (catur_record_get_tag (record, "Date"), ==, "2026年12月5日");
      g_assert_cmpstr (catur_record_get_tag (record, "Site"), ==, "北京");
      g_assert_cmpstr (catur_record_get_tag (record, "Red"), ==, "张三");
      g_assert_cmpstr (catur_record_get_tag (record, "Black"), ==, "李四");
      g_assert_cmpstr (catur_record_get_tag (record, "Result"), ==, "1-0");
      g_assert_cmpstr (catur_record_get_comment (record, 0), ==, "开局介绍");
      g_assert_cmpstr (catur_record_get_comment (record, 3), ==, "马二进三，正着");
      g_assert_cmpstr (catur_record_get_comment (record, 8), ==, "过河炮");
      g_assert_null (catur_record_get_comment (record, 4));
      fen = final_fen (record);
      g_assert_cmpstr (fen, ==, "r1bakabr1/9/2n3n2/p1p1p1p1p/9/6P2/PcP1P2cP/1CN1C1N2/9/"
                                "R1BAKABR1 w - - 10 6");
      if (first == NULL)
        first = g_object_ref (record);
      else
        g_assert_true (catur_record_equal (first, record));
    }
}

static void
test_endgame (void)
{
  static const guint8 versions[] = { 10, 18 };

  for (guint v = 0; v < G_N_ELEMENTS (versions); v++)
    {
      XqfGame game = endgame (versions[v]);
      g_autoptr(GBytes) bytes = make_xqf (&game);
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = read_xqf (bytes, &error);
      g_autofree char *start = NULL;
      g_autofree char *fen = NULL;

      g_assert_no_error (error);
      start = catur_variant_format (xiangqi (), catur_record_get_start (record));
      g_assert_cmpstr (start, ==, "4k4/9/9/9/8r/4p4/9/6N2/4K4/3A5 b - - 0 1");
      g_assert_cmpstr (catur_record_get_tag (record, "Event"), ==, "残局");
      g_assert_cmpstr (catur_record_get_tag (record, "Result"), ==, "0-1");
      g_assert_cmpstr (catur_record_get_comment (record, 1), ==, "车９进５");
      fen = final_fen (record);
      g_assert_cmpstr (fen, ==, "4k4/9/9/9/9/9/4p4/4K1N2/9/3A4r w - - 3 3");
    }
}

/* Broken files are refused with what is wrong, and no cut of a good file crashes the reader. */
static void
test_refusals (void)
{
  XqfGame game = whole_game (18);
  g_autoptr(GBytes) bytes = make_xqf (&game);
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);
  static const Step illegal_steps[] = { { "h2e2", NULL }, { "h9g7", NULL }, { "a0a5", NULL } };
  XqfGame illegal = whole_game (11);
  g_autoptr(GBytes) illegal_bytes = NULL;
  static const guint8 crowded_points[32] = {
    255, 255, 255, 255, 40, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 49, 255, 255, 255, 40, 255, 255, 255, 255, 255, 255, 255,
  };
  XqfGame crowded = endgame (10);
  g_autoptr(GBytes) crowded_bytes = NULL;
  static const struct { gsize length; guint8 version; const char *message; } cases[] = {
    { 100, 18, "The XQF file ends inside its header (100 bytes of 1024)" },
    { 1030, 18, "The file ends inside move 0: it is cut short" },
    { 1024 + 8 * 3 + 1, 10, "The file ends inside move 2: it is cut short" },
    { 1024 + 8 + 3, 10, "The comment of move 0 runs past the end of the file" },
    { 0, 9, "The XQF file is of version 9, which Catur does not know" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      XqfGame versioned = whole_game (cases[i].version);
      g_autoptr(GBytes) file = make_xqf (&versioned);
      gsize size;
      const char *raw = g_bytes_get_data (file, &size);
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record =
        catur_variant_read_record (xiangqi (), "xqf", raw, cases[i].length ? cases[i].length
                                                                            : size, &error);

      g_assert_null (record);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }

  illegal.steps = illegal_steps;
  illegal.n_steps = G_N_ELEMENTS (illegal_steps);
  illegal_bytes = make_xqf (&illegal);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CaturRecord) record = read_xqf (illegal_bytes, &error);

    g_assert_null (record);
    g_assert_true (g_str_has_prefix (error->message, "Move 3 (Red’s, a0a5) is not legal: "));
  }
  crowded.points = crowded_points;
  crowded_bytes = make_xqf (&crowded);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CaturRecord) record = read_xqf (crowded_bytes, &error);

    g_assert_null (record);
    g_assert_cmpstr (error->message, ==, "The file puts two pieces on the point e0");
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CaturRecord) record = catur_variant_read_record (xiangqi (), "xqf", "XP", 2,
                                                               &error);

    g_assert_null (record);
    g_assert_cmpstr (error->message, ==, "The file is no XQF file: it does not begin with “XQ”");
  }
  for (gsize cut = 0; cut <= length; cut++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = catur_variant_read_record (xiangqi (), "xqf",
                                                                 (const char *) data, cut,
                                                                 &error);

      g_assert_true ((record == NULL) != (error == NULL));
    }
}

/* An XQF file opens as Xiangqi whatever the game being played and whatever its name. */
static void
test_detected (void)
{
  XqfGame game = whole_game (18);
  g_autoptr(GBytes) bytes = make_xqf (&game);
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  CaturVariant *chess = catur_plugins_find_variant ("chess");
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) named = catur_record_read_file_data ("game.xqf", data, length, chess,
                                                              &error);
  g_autoptr(CaturRecord) nameless = NULL;

  g_assert_no_error (error);
  g_assert_true (catur_record_get_variant (named) == xiangqi ());
  nameless = catur_record_read_file_data (NULL, data, length, chess, &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_get_variant (nameless) == xiangqi ());
  g_assert_cmpuint (catur_record_get_n_moves (nameless), ==, G_N_ELEMENTS (game_steps));
}

static int
write_corpus (const char *folder)
{
  static const guint8 versions[] = { 10, 11, 12, 18 };

  for (guint v = 0; v < G_N_ELEMENTS (versions); v++)
    {
      XqfGame whole = whole_game (versions[v]), end = endgame (versions[v]);
      g_autoptr(GBytes) a = make_xqf (&whole);
      g_autoptr(GBytes) b = make_xqf (&end);
      g_autofree char *name_a = g_strdup_printf ("%s/game-v%u.xqf", folder, versions[v]);
      g_autofree char *name_b = g_strdup_printf ("%s/endgame-v%u.xqf", folder, versions[v]);

      if (!g_file_set_contents (name_a, g_bytes_get_data (a, NULL), (gssize) g_bytes_get_size (a),
                                NULL)
          || !g_file_set_contents (name_b, g_bytes_get_data (b, NULL),
                                   (gssize) g_bytes_get_size (b), NULL))
        return 1;
    }
  return 0;
}

int
main (int argc, char *argv[])
{
  if (argc == 3 && g_str_equal (argv[1], "--write-corpus"))
    return write_corpus (argv[2]);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/xiangqi/xqf/versions", test_versions);
  g_test_add_func ("/xiangqi/xqf/endgame", test_endgame);
  g_test_add_func ("/xiangqi/xqf/refusals", test_refusals);
  g_test_add_func ("/xiangqi/xqf/detected", test_detected);
  return g_test_run ();
}
