/* test-net-invite.c: the certificate, the invitation link, the short code and the words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every certificate is made in a fresh folder; nothing touches the user's own.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include <catur.h>

/* Removes a test folder and what it holds (files and folders only, as the tests make). */
static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* The folders made, removed at the end. */
static GPtrArray *made_dirs;

static char *
fresh_dir (void)
{
  char *base = g_dir_make_tmp ("catur-net-cert-XXXXXX", NULL);

  g_assert_nonnull (base);
  g_ptr_array_add (made_dirs, base);
  /* A folder that does not exist yet: ensure makes it, with its parents. */
  return g_build_filename (base, "catur", "network", NULL);
}

static void
test_cert_made_and_reloaded (void)
{
  g_autofree char *dir = fresh_dir ();
  g_autofree char *key_path = g_build_filename (dir, "key.pem", NULL);
  g_autoptr(GTlsCertificate) made = NULL;
  g_autoptr(GTlsCertificate) loaded = NULL;
  g_autoptr(GTlsCertificate) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) set_aside = NULL;
  g_autofree char *text = NULL;
  guint8 first[CATUR_NET_FINGERPRINT_SIZE], second[CATUR_NET_FINGERPRINT_SIZE];
  GStatBuf info;

  loaded = catur_net_cert_load (dir, &error);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_null (loaded);
  g_clear_error (&error);

  made = catur_net_cert_ensure (dir, &set_aside, &error);
  g_assert_no_error (error);
  g_assert_no_error (set_aside);
  g_assert_nonnull (made);
  g_assert_true (catur_net_cert_get_fingerprint (made, first));

  /* The key is the user's alone, and so is the folder. */
  g_assert_cmpint (g_stat (key_path, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (dir, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0700);

  loaded = catur_net_cert_load (dir, &error);
  g_assert_no_error (error);
  g_assert_true (catur_net_cert_get_fingerprint (loaded, second));
  g_assert_cmpmem (first, sizeof first, second, sizeof second);

  again = catur_net_cert_ensure (dir, &set_aside, &error);
  g_assert_no_error (error);
  g_assert_no_error (set_aside);
  g_assert_true (catur_net_cert_get_fingerprint (again, second));
  g_assert_cmpmem (first, sizeof first, second, sizeof second);

  text = catur_net_cert_format_fingerprint (first);
  g_assert_cmpuint (strlen (text), ==, 64);
}

static void
check_damaged_is_remade (const char *file,
                         const char *contents)
{
  g_autofree char *dir = fresh_dir ();
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GTlsCertificate) made = NULL;
  g_autoptr(GTlsCertificate) remade = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) set_aside = NULL;
  g_autoptr(GDir) listing = NULL;
  guint8 before[CATUR_NET_FINGERPRINT_SIZE], after[CATUR_NET_FINGERPRINT_SIZE];
  guint damaged = 0;
  const char *name;

  made = catur_net_cert_ensure (dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (catur_net_cert_get_fingerprint (made, before));
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));

  g_assert_null (catur_net_cert_load (dir, &error));
  g_assert_error (error, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_CORRUPT);
  g_test_message ("%s: %s", file, error->message);
  g_clear_error (&error);

  remade = catur_net_cert_ensure (dir, &set_aside, &error);
  g_assert_no_error (error);
  g_assert_error (set_aside, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_CORRUPT);
  g_assert_true (catur_net_cert_get_fingerprint (remade, after));
  g_assert_true (memcmp (before, after, sizeof before) != 0);

  /* The damaged pair is kept aside, the new one is in its place. */
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (strstr (name, ".damaged-") != NULL)
      damaged++;
  g_assert_cmpuint (damaged, ==, 2);
  g_clear_object (&remade);
  remade = catur_net_cert_load (dir, &error);
  g_assert_no_error (error);
}

static void
test_cert_damaged (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *other_dir = fresh_dir ();
  g_autofree char *other_key_path = NULL;
  g_autofree char *other_key = NULL;
  g_autoptr(GTlsCertificate) other = NULL;

  check_damaged_is_remade ("certificate.pem", "-----BEGIN CERTIFICATE-----\nnot one\n");
  check_damaged_is_remade ("key.pem", "");
  check_damaged_is_remade ("certificate.pem", "\x01\x02\xff binary");

  /* A key that is a key, but another certificate's. */
  other = catur_net_cert_ensure (other_dir, NULL, &error);
  g_assert_no_error (error);
  other_key_path = g_build_filename (other_dir, "key.pem", NULL);
  g_assert_true (g_file_get_contents (other_key_path, &other_key, NULL, NULL));
  check_damaged_is_remade ("key.pem", other_key);
}

static void
test_invite_round_trip (void)
{
  const char *hosts[] = { "192.168.1.20", "::1", "fe80::1%eth0", "2001:db8::7", "kamar.local",
                          "localhost" };
  guint8 fingerprint[CATUR_NET_FINGERPRINT_SIZE];

  for (guint i = 0; i < sizeof fingerprint; i++)
    fingerprint[i] = i * 7 + 250;

  for (guint i = 0; i < G_N_ELEMENTS (hosts); i++)
    {
      g_autoptr(CaturNetInvite) invite = catur_net_invite_new (hosts[i], 40000 + i, fingerprint);
      g_autoptr(CaturNetInvite) other = catur_net_invite_new (hosts[i], 40000 + i, fingerprint);
      g_autoptr(CaturNetInvite) parsed = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *link = catur_net_invite_format (invite);
      g_autofree char *spaced = g_strdup_printf ("  %s\n", link);

      g_test_message ("%s", link);
      g_assert_true (g_str_has_prefix (link, "catur://"));
      if (strchr (hosts[i], ':') != NULL)
        g_assert_true (g_str_has_prefix (link, "catur://["));
      /* Each invitation has its own secret. */
      g_assert_true (memcmp (invite->secret, other->secret, CATUR_NET_SECRET_SIZE) != 0);

      parsed = catur_net_invite_parse (spaced, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (parsed->host, ==, hosts[i]);
      g_assert_cmpuint (parsed->port, ==, 40000 + i);
      g_assert_cmpuint (parsed->version, ==, CATUR_NET_INVITE_VERSION);
      g_assert_cmpmem (parsed->fingerprint, CATUR_NET_FINGERPRINT_SIZE, fingerprint,
                       CATUR_NET_FINGERPRINT_SIZE);
      g_assert_cmpmem (parsed->secret, CATUR_NET_SECRET_SIZE, invite->secret,
                       CATUR_NET_SECRET_SIZE);
    }
}

static void
test_invite_bad_links (void)
{
  /* fp and s are 32 bytes each (FP and SECRET below); each link breaks one thing. */
  const char *fp = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
  const char *s = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8";
  struct { const char *pattern; int code; } bad[] = {
    { "http://10.0.0.1:4000/join?v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1/join?v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:0/join?v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:70000/join?v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://:4000/join?v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://me@10.0.0.1:4000/join?v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:4000/leave?v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:4000/join?v=1&fp=FP&s=SECRET#x", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:4000/join?v=1&fp=FP&s=SECRET&x=1", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:4000/join?v=1&v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:4000/join?v=2&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_VERSION },
    { "catur://10.0.0.1:4000/join?v=one&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:4000/join?fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://::1:4000/join?v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://bad_host!:4000/join?v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:4000/join?v=1&fp=FP&s=SECRET ", -1 },
    { "catur://10.0.0.1:4000/join?v=1&fp=FP&s=xSECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:4000/join?v=1&s=SECRET&fp=FP", -1 },
    { "catur://10.0.0.1:4000/join ?v=1&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:4000/join?v=1&fp=FP&s=SECRET%41", CATUR_NET_INVITE_ERROR_INVALID },
    { "catur://10.0.0.1:4000/join?v=%31&fp=FP&s=SECRET", CATUR_NET_INVITE_ERROR_INVALID },
  };
  /* Spare bits set in the last letter: the same bytes, not the form Catur writes. */
  const char *fp_spare = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh9";
  g_autofree char *spare = g_strdup_printf ("catur://10.0.0.1:4000/join?v=1&fp=%s&s=%s",
                                            fp_spare, s);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GString) text = g_string_new (bad[i].pattern);
      g_autoptr(CaturNetInvite) invite = NULL;
      const char *link;

      g_string_replace (text, "FP", fp, 0);
      g_string_replace (text, "SECRET", s, 0);
      link = text->str;
      invite = catur_net_invite_parse (link, &error);

      if (bad[i].code < 0)
        {
          /* Not bad after all: the order of the details and spaces around do not matter. */
          g_assert_no_error (error);
          g_assert_nonnull (invite);
          continue;
        }
      g_test_message ("%s: %s", link, error != NULL ? error->message : "accepted");
      g_assert_error (error, CATUR_NET_INVITE_ERROR, bad[i].code);
      g_assert_null (invite);
      g_clear_error (&error);
    }

  g_assert_null (catur_net_invite_parse (spare, &error));
  g_assert_error (error, CATUR_NET_INVITE_ERROR, CATUR_NET_INVITE_ERROR_INVALID);
}

static void
test_invite_game (void)
{
  const char *fp = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
  const char *s = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8";
  g_autofree char *longest = g_strnfill (CATUR_NET_INVITE_GAME_MAX, 'q');
  g_autofree char *too_long = g_strnfill (CATUR_NET_INVITE_GAME_MAX + 1, 'q');
  const char *refused[] = { "", "Xiangqi", "xiang qi", "xiang%71i", "shogi.", "ch/ess", "é",
                            too_long };
  guint8 fingerprint[CATUR_NET_FINGERPRINT_SIZE] = { 1, 2, 3 };
  g_autoptr(CaturNetInvite) invite = catur_net_invite_new ("10.0.0.7", 4321, fingerprint);
  g_autoptr(CaturNetInvite) parsed = NULL;
  g_autoptr(CaturNetInvite) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *link = NULL;
  g_autofree char *old = g_strdup_printf ("catur://10.0.0.1:4000/join?v=1&fp=%s&s=%s", fp, s);

  /* A link from before the game was named still reads, with no game. */
  parsed = catur_net_invite_parse (old, &error);
  g_assert_no_error (error);
  g_assert_null (parsed->game);
  g_clear_pointer (&parsed, catur_net_invite_free);

  g_assert_null (invite->game);
  catur_net_invite_set_game (invite, "xiangqi");
  link = catur_net_invite_format (invite);
  g_test_message ("%s", link);
  g_assert_true (g_str_has_suffix (link, "&g=xiangqi"));
  parsed = catur_net_invite_parse (link, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (parsed->game, ==, "xiangqi");
  copy = catur_net_invite_copy (parsed);
  g_clear_pointer (&parsed, catur_net_invite_free);
  g_assert_cmpstr (copy->game, ==, "xiangqi");
  catur_net_invite_set_game (copy, NULL);
  g_assert_null (copy->game);

  /* Anywhere among the details; the longest id a link may carry, and every allowed letter. */
  for (guint i = 0; i < 2; i++)
    {
      const char *game = i == 0 ? longest : "my-game_2";
      g_autofree char *text = g_strdup_printf ("catur://10.0.0.1:4000/join?g=%s&v=1&fp=%s&s=%s",
                                               game, fp, s);

      parsed = catur_net_invite_parse (text, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (parsed->game, ==, game);
      g_clear_pointer (&parsed, catur_net_invite_free);
    }

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *text = g_strdup_printf ("catur://10.0.0.1:4000/join?v=1&fp=%s&s=%s&g=%s",
                                               fp, s, refused[i]);

      g_assert_false (catur_net_invite_is_game_id (refused[i]));
      parsed = catur_net_invite_parse (text, &error);
      g_test_message ("%s: %s", text, error != NULL ? error->message : "accepted");
      g_assert_error (error, CATUR_NET_INVITE_ERROR, CATUR_NET_INVITE_ERROR_INVALID);
      g_assert_null (parsed);
      g_clear_error (&error);
    }

  /* Given twice, even the same. */
  {
    g_autofree char *twice = g_strdup_printf ("%s&g=chess&g=chess", old);

    g_assert_null (catur_net_invite_parse (twice, &error));
    g_assert_error (error, CATUR_NET_INVITE_ERROR, CATUR_NET_INVITE_ERROR_INVALID);
  }
}

static void
test_code (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *bad[] = { "ABC-DE", "ABC-DEFG", "AB0-DEF", "ABO-DEF", "AB1-DEF", "ABI-DEF",
                        "ABL-DEF", "ABU-DEF", "ABV-DEF", "AB?-DEF", "" };
  char *parsed;

  for (guint i = 0; i < 200; i++)
    {
      char *code = catur_net_code_new ();

      g_assert_cmpuint (strlen (code), ==, CATUR_NET_CODE_LENGTH + 1);
      g_assert_cmpint (code[CATUR_NET_CODE_LENGTH / 2], ==, '-');
      parsed = catur_net_code_parse (code, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (parsed, ==, code);
      g_free (parsed);
      g_hash_table_add (seen, code);
    }
  /* 29^6 codes: two alike among 200 would mean they are not random. */
  g_assert_cmpuint (g_hash_table_size (seen), ==, 200);

  parsed = catur_net_code_parse (" k7q m4r ", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (parsed, ==, "K7Q-M4R");
  g_free (parsed);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_null (catur_net_code_parse (bad[i], &error));
      g_assert_error (error, CATUR_NET_INVITE_ERROR, CATUR_NET_INVITE_ERROR_CODE);
      g_clear_error (&error);
    }
}

static void
test_words (void)
{
  guint8 fingerprint[CATUR_NET_FINGERPRINT_SIZE] = { 0 };
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) words = NULL;
  g_auto(GStrv) same = NULL;

  /* Every byte value names one word: 256 different words, no two a letter apart. */
  for (guint byte = 0; byte < 256; byte++)
    {
      g_auto(GStrv) one = NULL;

      fingerprint[0] = byte;
      one = catur_net_invite_words (fingerprint);
      g_assert_cmpuint (g_strv_length (one), ==, CATUR_NET_WORD_COUNT);
      for (guint i = 0; i < list->len; i++)
        {
          const char *other = list->pdata[i];
          guint differences = 0;

          if (strlen (other) != strlen (one[0]))
            continue;
          for (guint c = 0; other[c] != '\0'; c++)
            differences += other[c] != one[0][c];
          g_assert_cmpuint (differences, >=, 2);
        }
      for (const char *c = one[0]; *c != '\0'; c++)
        g_assert_true (g_ascii_islower (*c));
      g_ptr_array_add (list, g_strdup (one[0]));
    }

  /* Both screens compute the same words from the same fingerprint. */
  for (guint i = 0; i < sizeof fingerprint; i++)
    fingerprint[i] = 31 * i + 5;
  words = catur_net_invite_words (fingerprint);
  same = catur_net_invite_words (fingerprint);
  g_assert_true (g_strv_equal ((const char *const *) words, (const char *const *) same));
  fingerprint[CATUR_NET_WORD_COUNT - 1] ^= 1;
  g_strfreev (same);
  same = catur_net_invite_words (fingerprint);
  g_assert_false (g_strv_equal ((const char *const *) words, (const char *const *) same));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  made_dirs = g_ptr_array_new_with_free_func (g_free);

  /* Certificates load only through GLib's TLS backend (glib-networking). */
  if (g_tls_backend_supports_tls (g_tls_backend_get_default ()))
    {
      g_test_add_func ("/net/cert/made-and-reloaded", test_cert_made_and_reloaded);
      g_test_add_func ("/net/cert/damaged", test_cert_damaged);
    }
  g_test_add_func ("/net/invite/round-trip", test_invite_round_trip);
  g_test_add_func ("/net/invite/bad-links", test_invite_bad_links);
  g_test_add_func ("/net/invite/game", test_invite_game);
  g_test_add_func ("/net/invite/code", test_code);
  g_test_add_func ("/net/invite/words", test_words);

  status = g_test_run ();
  for (guint i = 0; i < made_dirs->len; i++)
    remove_tree (made_dirs->pdata[i]);
  g_ptr_array_unref (made_dirs);
  return status;
}
