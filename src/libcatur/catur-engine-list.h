/* catur-engine-list.h: the engines of other programs a player has set up, and those known
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
#error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-engine-client.h"

G_BEGIN_DECLS

/**
 * CaturEngineEntry:
 * @id: a stable name of the entry, unique in the player's list
 * @name: the engine's name, as it gave it
 * @argv: its command line
 * @protocol: the protocol it speaks
 * @games: the ids of the games it plays
 * @options: (element-type utf8 utf8): the values the player gave its options, by name; those
 *   not in it keep the engine's defaults
 *
 * An engine of another program, as the player's list keeps it.
 */
typedef struct
{
  char *id;
  char *name;
  GStrv argv;
  CaturEngineProtocol protocol;
  GStrv games;
  GHashTable *options;
} CaturEngineEntry;

#define CATUR_TYPE_ENGINE_ENTRY (catur_engine_entry_get_type ())
GType              catur_engine_entry_get_type      (void) G_GNUC_CONST;
CaturEngineEntry  *catur_engine_entry_new           (const char              *id,
                                                     const char              *name,
                                                     const char * const      *argv,
                                                     CaturEngineProtocol      protocol,
                                                     const char * const      *games);
CaturEngineEntry  *catur_engine_entry_copy          (const CaturEngineEntry  *entry);
void               catur_engine_entry_free          (CaturEngineEntry        *entry);
GVariant          *catur_engine_entry_to_variant    (const CaturEngineEntry  *entry);
CaturEngineEntry  *catur_engine_entry_from_variant  (GVariant                *dict);
gboolean           catur_engine_entry_plays         (const CaturEngineEntry  *entry,
                                                     const char              *game);
CaturEngineClient *catur_engine_entry_new_client    (const CaturEngineEntry  *entry);
void               catur_engine_entry_apply_options (const CaturEngineEntry  *entry,
                                                     CaturEngineClient       *client);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturEngineEntry, catur_engine_entry_free)

GPtrArray         *catur_engine_list_from_variant   (GVariant                *list);
GVariant          *catur_engine_list_to_variant     (GPtrArray               *entries);
CaturEngineEntry  *catur_engine_list_find           (GPtrArray               *entries,
                                                     const char              *id);
char              *catur_engine_list_new_id         (GPtrArray               *entries,
                                                     const char              *program);

gboolean           catur_engine_game_has_engines    (const char              *game);
GPtrArray         *catur_engine_list_discover       (const char              *search_path);
void               catur_engine_list_discover_async (const char              *search_path,
                                                     GCancellable            *cancellable,
                                                     GAsyncReadyCallback      callback,
                                                     gpointer                 user_data);
GPtrArray         *catur_engine_list_discover_finish (GAsyncResult           *result,
                                                      GError                **error);
const char        *catur_engine_find_strength_option (GPtrArray              *options);

void               catur_engine_detect_async        (const char * const      *argv,
                                                     GPtrArray               *variants,
                                                     GCancellable            *cancellable,
                                                     GAsyncReadyCallback      callback,
                                                     gpointer                 user_data);
CaturEngineEntry  *catur_engine_detect_finish       (GAsyncResult            *result,
                                                     GError                 **error);

G_END_DECLS
