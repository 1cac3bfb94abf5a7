/* catur-adjourned.h: network games kept to be resumed later
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <catur.h>

G_BEGIN_DECLS

/* The object data on a game that names its entry (the new-game dialog sets it on a game it
 * resumes, so that the window keeps the game in the same entry). */
#define CATUR_ADJOURNED_GAME_KEY "catur-network-resume"

/**
 * CaturAdjourned:
 * @path: the entry's file (`network-games/<date>-<game>.resume`)
 * @variant_id: the game's id
 * @host: whether this side hosted the game (it hosts it again to resume)
 * @adjourned: %FALSE while the game is being played (the entry follows it move by move)
 * @seat: this side's seat
 * @name: this player's name, as the friend knows it
 * @friend_name: the friend's name
 * @n_plies: the plies played
 * @saved: when the entry was last written
 *
 * What resuming a network game needs, read from its entry.
 */
typedef struct
{
  char *path;
  char *variant_id;
  gboolean host;
  gboolean adjourned;
  CaturSide seat;
  char *name;
  char *friend_name;
  guint n_plies;
  GDateTime *saved;
} CaturAdjourned;

void            catur_adjourned_free         (CaturAdjourned  *self);
char           *catur_adjourned_folder       (void);
char           *catur_adjourned_new_path     (const char      *variant_id);
char           *catur_adjourned_deal_path    (const char      *path);
gboolean        catur_adjourned_save         (const char      *path,
                                              CaturGame       *game,
                                              gboolean         host,
                                              gboolean         adjourned,
                                              CaturSide        seat,
                                              const char      *name,
                                              const char      *friend_name,
                                              GError         **error);
gboolean        catur_adjourned_set_adjourned (const char     *path,
                                               GError        **error);
CaturAdjourned *catur_adjourned_load         (const char      *path,
                                              GError         **error);
GPtrArray      *catur_adjourned_list         (const char      *variant_id,
                                              gboolean         adjourned_only);
CaturGame      *catur_adjourned_restore_game (const CaturAdjourned *self,
                                              GError         **error);
GBytes         *catur_adjourned_load_deal    (const CaturAdjourned *self);
void            catur_adjourned_remove       (const char      *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturAdjourned, catur_adjourned_free)

G_END_DECLS
