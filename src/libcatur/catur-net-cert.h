/* catur-net-cert.h: this computer's certificate for network play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib can load a certificate but cannot make one, so a self-signed one (ECDSA P-256, a
 * certificate with no name anyone checks) is made with GnuTLS on first use and kept in
 * $XDG_DATA_HOME/catur/network/: certificate.pem, and key.pem readable by the user only.
 * Nobody trusts it because of a signature: the joiner trusts it because the invitation carries
 * its SHA-256 fingerprint (docs/network.md, "Connection and security").
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

G_BEGIN_DECLS

/* The size of a SHA-256 fingerprint in bytes. */
#define CATUR_NET_FINGERPRINT_SIZE 32

#define CATUR_NET_CERT_ERROR (catur_net_cert_error_quark ())
typedef enum
{
  CATUR_NET_CERT_ERROR_CORRUPT,   /* a file is there but holds no usable certificate or key */
  CATUR_NET_CERT_ERROR_CREATE,    /* GnuTLS could not make a certificate */
  CATUR_NET_CERT_ERROR_SAVE,      /* the folder or a file could not be written */
  CATUR_NET_CERT_ERROR_NO_TLS,    /* GLib has no TLS backend (glib-networking is missing) */
} CaturNetCertError;

GQuark           catur_net_cert_error_quark       (void);

char            *catur_net_cert_default_dir       (void);
GTlsCertificate *catur_net_cert_load              (const char       *dir,
                                                   GError          **error);
GTlsCertificate *catur_net_cert_ensure            (const char       *dir,
                                                   GError          **set_aside_error,
                                                   GError          **error);
gboolean         catur_net_cert_get_fingerprint   (GTlsCertificate  *certificate,
                                                   guint8           *fingerprint);
char            *catur_net_cert_format_fingerprint (const guint8    *fingerprint);

G_END_DECLS
