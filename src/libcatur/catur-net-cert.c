/* catur-net-cert.c: this computer's certificate for network play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The files are read as untrusted input: someone may have edited them, a disk may have lost
 * half of one. A file that does not load is renamed aside (kept, for whoever wants to look at
 * it) and a new pair is made, so a broken file costs the player an invitation that no longer
 * matches, never a crash or a program that cannot host.
 */
#define G_LOG_DOMAIN "catur-net"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "catur-net-cert.h"

#define CERT_FILE "certificate.pem"
#define KEY_FILE "key.pem"

/* A certificate made by a program is not bigger than this; anything bigger is not ours. */
#define MAX_FILE_SIZE (64 * 1024)

/* Long enough that nobody's invitation expires; TLS libraries still want a date. */
#define VALID_DAYS (100 * 365)

G_DEFINE_QUARK (catur-net-cert-error-quark, catur_net_cert_error)

/**
 * catur_net_cert_default_dir:
 *
 * Returns: (transfer full): where the certificate is kept: $XDG_DATA_HOME/catur/network
 */
char *
catur_net_cert_default_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "catur", "network", NULL);
}

static gboolean
read_small_file (const char *path,
                 char      **contents,
                 gsize      *length,
                 GError    **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!g_file_get_contents (path, contents, length, &local_error))
    {
      g_set_error (error, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_CORRUPT,
                   _("Could not read the network certificate file “%s”: %s"), path,
                   local_error->message);
      return FALSE;
    }
  if (*length > MAX_FILE_SIZE)
    {
      g_clear_pointer (contents, g_free);
      g_set_error (error, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_CORRUPT,
                   _("The network certificate file “%s” is too big to be one"), path);
      return FALSE;
    }
  return TRUE;
}

/**
 * catur_net_cert_load:
 * @dir: the folder (catur_net_cert_default_dir())
 * @error: return location for an error
 *
 * Loads the certificate and its key from @dir, touching nothing.
 *
 * Returns: (transfer full) (nullable): the certificate with its private key, or %NULL with
 *   %G_FILE_ERROR_NOENT when there is none yet, %CATUR_NET_CERT_ERROR_CORRUPT when a file
 *   is there but does not load, or %CATUR_NET_CERT_ERROR_NO_TLS
 */
GTlsCertificate *
catur_net_cert_load (const char *dir,
                     GError    **error)
{
  g_autofree char *cert_path = NULL;
  g_autofree char *key_path = NULL;
  g_autofree char *cert_pem = NULL;
  g_autofree char *key_pem = NULL;
  g_autofree char *both = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  gsize cert_length, key_length;

  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Without a TLS backend no certificate loads: the files must not be called damaged. */
  if (!g_tls_backend_supports_tls (g_tls_backend_get_default ()))
    {
      g_set_error (error, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_NO_TLS,
                   _("Network play needs TLS, which this system lacks (install "
                     "glib-networking)"));
      return NULL;
    }

  cert_path = g_build_filename (dir, CERT_FILE, NULL);
  key_path = g_build_filename (dir, KEY_FILE, NULL);
  if (!g_file_test (cert_path, G_FILE_TEST_EXISTS) && !g_file_test (key_path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("There is no network certificate in “%s” yet"), dir);
      return NULL;
    }

  if (!read_small_file (cert_path, &cert_pem, &cert_length, error)
      || !read_small_file (key_path, &key_pem, &key_length, error))
    return NULL;

  /* GLib finds the key and the certificate in one PEM text; one text avoids a second file
   * read that could see another version of the pair. */
  both = g_strconcat (cert_pem, "\n", key_pem, NULL);
  certificate = g_tls_certificate_new_from_pem (both, -1, &local_error);
  if (certificate == NULL)
    {
      g_set_error (error, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_CORRUPT,
                   _("The network certificate in “%s” is damaged: %s"), dir,
                   local_error->message);
      return NULL;
    }

  /* A certificate whose key was replaced by another loads, but no TLS handshake would work
   * with it: check that the key signs for this certificate before calling it usable. */
  {
    gnutls_x509_crt_t crt = NULL;
    gnutls_x509_privkey_t key = NULL;
    gnutls_datum_t cert_datum = { (unsigned char *) cert_pem, (unsigned int) cert_length };
    gnutls_datum_t key_datum = { (unsigned char *) key_pem, (unsigned int) key_length };
    guint8 cert_id[64], key_id[64];
    size_t cert_id_size = sizeof cert_id, key_id_size = sizeof key_id;
    gboolean match = FALSE;

    if (gnutls_x509_crt_init (&crt) == 0 && gnutls_x509_privkey_init (&key) == 0
        && gnutls_x509_crt_import (crt, &cert_datum, GNUTLS_X509_FMT_PEM) == 0
        && gnutls_x509_privkey_import (key, &key_datum, GNUTLS_X509_FMT_PEM) == 0
        && gnutls_x509_crt_get_key_id (crt, GNUTLS_KEYID_USE_SHA256, cert_id, &cert_id_size) == 0
        && gnutls_x509_privkey_get_key_id (key, GNUTLS_KEYID_USE_SHA256, key_id,
                                           &key_id_size) == 0)
      match = cert_id_size == key_id_size && memcmp (cert_id, key_id, cert_id_size) == 0;
    if (crt != NULL)
      gnutls_x509_crt_deinit (crt);
    if (key != NULL)
      gnutls_x509_privkey_deinit (key);
    if (!match)
      {
        g_set_error (error, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_CORRUPT,
                     _("The network certificate in “%s” does not go with its key"), dir);
        return NULL;
      }
  }

  return g_steal_pointer (&certificate);
}

static gboolean
gnutls_failed (int      status,
               GError **error)
{
  if (status >= 0)
    return FALSE;
  g_set_error (error, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_CREATE,
               _("Could not make a network certificate: %s"), gnutls_strerror (status));
  return TRUE;
}

static gboolean
create_pair (char  **cert_pem,
             char  **key_pem,
             GError **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t cert_out = { NULL, 0 }, key_out = { NULL, 0 };
  guint8 serial[16];
  time_t now = time (NULL);
  gboolean ok = FALSE;
  const unsigned int curve_bits = GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1);

  for (guint i = 0; i < sizeof serial; i++)
    serial[i] = g_random_int_range (0, 256);
  /* A positive serial number, as RFC 5280 asks. */
  serial[0] &= 0x7f;

  if (gnutls_failed (gnutls_x509_privkey_init (&key), error)
      || gnutls_failed (gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA, curve_bits, 0), error)
      || gnutls_failed (gnutls_x509_crt_init (&crt), error)
      || gnutls_failed (gnutls_x509_crt_set_version (crt, 3), error)
      || gnutls_failed (gnutls_x509_crt_set_serial (crt, serial, sizeof serial), error)
      || gnutls_failed (gnutls_x509_crt_set_activation_time (crt, now - 24 * 60 * 60), error)
      || gnutls_failed (gnutls_x509_crt_set_expiration_time (crt, now + (time_t) VALID_DAYS
                                                             * 24 * 60 * 60), error)
      || gnutls_failed (gnutls_x509_crt_set_dn (crt, "CN=Catur", NULL), error)
      || gnutls_failed (gnutls_x509_crt_set_key (crt, key), error)
      || gnutls_failed (gnutls_x509_crt_set_basic_constraints (crt, 0, -1), error)
      || gnutls_failed (gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE), error)
      || gnutls_failed (gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0), error)
      || gnutls_failed (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &cert_out), error)
      || gnutls_failed (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL,
                                                           GNUTLS_PKCS_PLAIN, &key_out), error))
    goto out;

  *cert_pem = g_strndup ((const char *) cert_out.data, cert_out.size);
  *key_pem = g_strndup ((const char *) key_out.data, key_out.size);
  ok = TRUE;

out:
  if (key_out.data != NULL)
    {
      /* The key is a secret: it does not stay in freed memory. */
      memset (key_out.data, 0, key_out.size);
      gnutls_free (key_out.data);
    }
  gnutls_free (cert_out.data);
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  if (key != NULL)
    gnutls_x509_privkey_deinit (key);
  return ok;
}

static gboolean
save_file (const char *path,
           const char *contents,
           int         mode,
           GError    **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!g_file_set_contents_full (path, contents, -1, G_FILE_SET_CONTENTS_CONSISTENT, mode,
                                 &local_error))
    {
      g_set_error (error, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_SAVE,
                   _("Could not save the network certificate: %s"), local_error->message);
      return FALSE;
    }
  return TRUE;
}

static void
set_aside (const char *dir,
           const char *name,
           const char *stamp)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *aside = g_strdup_printf ("%s.damaged-%s", path, stamp);

  if (g_file_test (path, G_FILE_TEST_EXISTS) && g_rename (path, aside) != 0)
    {
      int saved_errno = errno;

      /* Not renamed: removed, or the new pair could never be written in its place. */
      g_warning ("Could not set aside %s (%s); removing it", path, g_strerror (saved_errno));
      g_unlink (path);
    }
}

/**
 * catur_net_cert_ensure:
 * @dir: the folder (catur_net_cert_default_dir())
 * @set_aside_error: (out) (optional): set when a damaged pair was there: why it did not load (it
 *   was renamed `certificate.pem.damaged-<time>`, `key.pem.damaged-<time>` and replaced, so
 *   invitations made with it no longer work)
 * @error: return location for an error
 *
 * The certificate in @dir, made (and saved, the key readable by its owner only) if there is
 * none or the one there does not load.
 *
 * Returns: (transfer full) (nullable): the certificate with its private key, or %NULL when no
 *   certificate can be made or saved
 */
GTlsCertificate *
catur_net_cert_ensure (const char *dir,
                       GError    **set_aside_error,
                       GError    **error)
{
  g_autoptr(GError) load_error = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autofree char *cert_pem = NULL;
  g_autofree char *key_pem = NULL;
  g_autofree char *cert_path = NULL;
  g_autofree char *key_path = NULL;

  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  certificate = catur_net_cert_load (dir, &load_error);
  if (certificate != NULL)
    return g_steal_pointer (&certificate);
  if (g_error_matches (load_error, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_NO_TLS))
    {
      g_propagate_error (error, g_steal_pointer (&load_error));
      return NULL;
    }

  if (!g_error_matches (load_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
      g_autofree char *stamp = g_date_time_format (now, "%Y%m%dT%H%M%S");

      g_message ("%s; setting it aside and making a new one", load_error->message);
      set_aside (dir, CERT_FILE, stamp);
      set_aside (dir, KEY_FILE, stamp);
      if (set_aside_error != NULL)
        *set_aside_error = g_steal_pointer (&load_error);
    }

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, CATUR_NET_CERT_ERROR, CATUR_NET_CERT_ERROR_SAVE,
                   _("Could not make the folder “%s”: %s"), dir, g_strerror (saved_errno));
      return NULL;
    }

  if (!create_pair (&cert_pem, &key_pem, error))
    return NULL;

  cert_path = g_build_filename (dir, CERT_FILE, NULL);
  key_path = g_build_filename (dir, KEY_FILE, NULL);
  /* The key first: a certificate without its key is useless, a lone key is made again. */
  if (!save_file (key_path, key_pem, 0600, error)
      || !save_file (cert_path, cert_pem, 0644, error))
    {
      memset (key_pem, 0, strlen (key_pem));
      return NULL;
    }
  memset (key_pem, 0, strlen (key_pem));

  return catur_net_cert_load (dir, error);
}

/**
 * catur_net_cert_get_fingerprint:
 * @certificate: a certificate
 * @fingerprint: (out caller-allocates) (array fixed-size=32): the SHA-256 digest of its DER
 *   form
 *
 * Returns: %FALSE if @certificate holds no DER data (never the case for a loaded one)
 */
gboolean
catur_net_cert_get_fingerprint (GTlsCertificate *certificate,
                                guint8          *fingerprint)
{
  g_autoptr(GByteArray) der = NULL;
  g_autoptr(GChecksum) checksum = NULL;
  gsize length = CATUR_NET_FINGERPRINT_SIZE;

  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), FALSE);

  g_object_get (certificate, "certificate", &der, NULL);
  if (der == NULL || der->len == 0)
    return FALSE;

  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (checksum, der->data, der->len);
  g_checksum_get_digest (checksum, fingerprint, &length);
  return TRUE;
}

/**
 * catur_net_cert_format_fingerprint:
 * @fingerprint: (array fixed-size=32): a SHA-256 fingerprint
 *
 * Returns: (transfer full): the fingerprint as 64 lowercase hexadecimal digits
 */
char *
catur_net_cert_format_fingerprint (const guint8 *fingerprint)
{
  GString *text = g_string_sized_new (2 * CATUR_NET_FINGERPRINT_SIZE);

  for (guint i = 0; i < CATUR_NET_FINGERPRINT_SIZE; i++)
    g_string_append_printf (text, "%02x", fingerprint[i]);
  return g_string_free (text, FALSE);
}
