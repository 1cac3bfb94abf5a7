/* catur-engine-host.h: where other programs' engines run, also from inside a Flatpak sandbox
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
#error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

G_BEGIN_DECLS

gboolean  catur_engine_host_is_sandboxed    (void);
GStrv     catur_engine_host_command         (const char * const  *argv);
GStrv     catur_engine_host_find_programs   (const char          *search_path,
                                             const char * const  *programs,
                                             GCancellable        *cancellable,
                                             GError             **error);
gboolean  catur_engine_host_path_is_private (const char          *path);
void      catur_engine_host_resolve_path_async  (const char          *path,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
char     *catur_engine_host_resolve_path_finish (GAsyncResult        *result,
                                                 GError             **error);

G_END_DECLS
