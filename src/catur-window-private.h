/* catur-window-private.h: what the window's source files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CaturWindow's code is split by concern, as GNOME Text Editor splits its window:
 *   catur-window.c          the life cycle, the template, and what the window shows of the
 *                           game shown (result card, review bar, notices, the computer's
 *                           spinner), reacting to the game's signals;
 *   catur-window-game.c     which game is shown: switching games, new games, who plays them,
 *                           the settings that follow the game's variant;
 *   catur-window-actions.c  the win.* actions, when each is enabled, the undo button's menu;
 *   catur-window-dialogs.c  the questions to the players: take-back permission, resignation,
 *                           a draw offer;
 *   catur-window-records.c  the games on disk: autosave and resume, open, save, drop.
 *   catur-window-annotations.c  what a record says (header, comments, title), and a record
 *                           looked through before the computer plays on from it;
 *   catur-window-clipboard.c  copy and paste of positions and games, text dropped;
 *   catur-window-setup.c    a position set up by hand, and the game played from it;
 *   catur-window-lessons.c  lessons on the board, the start bar and tips;
 *   catur-window-drills.c   drills of the player's own mistakes, tried again on the board.
 */
#pragma once

#include "catur-clock-face.h"
#include "catur-history-view.h"
#include "catur-record-header.h"
#include "catur-tray-panel.h"
#include "catur-turn-panel.h"
#include "catur-window.h"

G_BEGIN_DECLS

typedef struct _CaturWindowLessons CaturWindowLessons;
typedef struct _CaturWindowDrills CaturWindowDrills;

struct _CaturWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  AdwHeaderBar *header_bar;
  GtkWidget *new_game_button;
  GtkWidget *undo_button;
  GtkWidget *hint_button;
  GtkMenuButton *players_button;
  GtkSpinner *thinking_spinner;
  GMenu *side_section;
  GMenu *level_section;
  GtkMenuButton *game_button;
  GtkLabel *game_label;
  GtkImage *game_icon;
  GtkWidget *sidebar_button;
  GtkWidget *sidebar;
  GtkMenuButton *menu_button;
  GMenuModel *primary_menu;   /* menu_button's menu, given when first opened */
  GMenuModel *players_menu;   /* players_button's choices, made radio buttons when first opened */
  GMenu *notation_section;
  GMenu *declare_section;
  GtkRevealer *failure_revealer;
  GtkLabel *failure_title;
  GtkLabel *failure_label;
  GtkWidget *failure_close_button;
  AdwToastOverlay *toast_overlay;
  GtkStack *main_stack;
  AdwFlap *flap;
  CaturBoardView *board_view;
  GtkOverlay *board_overlay;
  GtkWidget *board_strip;
  GtkRevealer *command_revealer;
  GtkEntry *command_entry;
  GtkRevealer *explanation_revealer;
  GtkLabel *explanation_label;
  GtkRevealer *review_revealer;
  GtkLabel *review_label;
  GtkRevealer *result_revealer;
  GtkLabel *result_title;
  GtkLabel *result_reason;
  GtkLabel *result_moves;
  GtkWidget *result_review_button;
  GtkWidget *play_again_button;
  CaturTurnPanel *turn_panel;
  CaturClockFace *top_clock;
  CaturClockFace *bottom_clock;
  CaturTrayPanel *tray_panel;
  CaturHistoryView *history_view;
  AdwStatusPage *status_page;
  CaturRecordHeader *record_header;
  GtkLabel *file_label;       /* under the game's name: the file open */
  GtkRevealer *record_revealer; /* "Play from Here" while a record is looked through */

  /* Owned: the game shown and the games kept */
  CaturGame *game;
  CaturVariant *variant;      /* the game shown's, or the one being set up */
  GHashTable *games;          /* variant id → the CaturGame last shown of that variant */
  CaturGame *previous_game;   /* the game "New Game" replaced, while its toast is up */
  /* The game shown's signals and its bottom side ↔ the board's orientation: connected once,
   * their target set whenever another game is shown. */
  GSignalGroup *game_signals;
  GBindingGroup *game_bindings;

  /* Owned: settings and menus */
  GSettings *settings;
  GSettings *variant_settings; /* the shown variant's own, or NULL when it has none */
  GMenu *game_menu;
  GMenu *take_back_menu;
  GMenu *engine_section;      /* the players menu's engines (catur-window-engines.c) */
  GtkWidget *engine_panel;    /* the engine's thinking, in the sidebar */

  /* Borrowed: cleared when they go away */
  CaturVariant *settings_variant; /* whose settings the board is bound to */
  AdwToast *new_game_toast;   /* the toast offering previous_game back, while it is up */
  AdwToast *players_toast;    /* the toast of the last change of players, while it is up */
  CaturNewGameDialog *new_game_dialog;
  CaturPreferencesWindow *preferences_window;

  /* State of the game shown, as the window last showed it */
  guint n_plies;              /* a longer game is a new ply, with notices to show */
  gboolean result_dismissed;  /* the player put the result card away to look at the board */
  gboolean hint_pending;      /* a hint is being worked out for the game shown */

  gboolean holding_players;   /* the players' settings change, but not for the game shown */
  gboolean autosave_failed;   /* the failure was said once; a full disk is not news after it */
  gboolean constructed;       /* the first game is shown: later choices are the player's */
  gboolean greeted;           /* the game and the turn were said when the window came up */
  guint greet_source;         /* … or are to be, in a moment */
  char *greet_before;         /* what the board had said when the greeting was planned */
  CaturWindowLessons *lessons; /* the lesson played, the start bar, tips (catur-window-lessons.c) */
  CaturWindowDrills *drills;  /* the drills tried (catur-window-drills.c) */
  gboolean fold_sidebar;      /* the board is larger with the sidebar folded away (layout rule) */
  guint fold_idle_id;
};

/* catur-window.c */
void      catur_window_show_toast          (CaturWindow  *self,
                                            const char   *text,
                                            gboolean      persistent);
void      catur_window_add_toast           (CaturWindow  *self,
                                            AdwToast     *toast);
void      catur_window_sync_game           (CaturWindow  *self);

/* catur-window-game.c */
void      catur_window_game_init           (CaturWindow  *self);
CaturSide catur_window_human_side          (CaturWindow  *self);
CaturSide catur_window_acting_side         (CaturWindow  *self);
void      catur_window_apply_players       (CaturWindow  *self);
void      catur_window_hold_players        (CaturWindow  *self,
                                            gboolean      hold);
void      catur_window_restore_previous_game (CaturWindow *self);
void      catur_window_update_side_section (CaturWindow *self);
void      catur_window_choose_notation     (CaturWindow  *self,
                                            const char   *notation);

/* catur-window-engines.c */
void      catur_window_engines_init        (CaturWindow  *self);
void      catur_window_engines_game_shown  (CaturWindow  *self);
void      catur_window_engines_apply       (CaturWindow  *self);

/* catur-window-actions.c */
void      catur_window_actions_init        (CaturWindow  *self);
void      catur_window_actions_update      (CaturWindow  *self);
void      catur_window_set_action_enabled  (CaturWindow  *self,
                                            const char   *name,
                                            gboolean      enabled);
void      catur_window_update_take_back_menu (CaturWindow *self);

/* catur-window-lessons.c */
void      catur_window_lessons_init        (CaturWindow  *self);
void      catur_window_lessons_dispose     (CaturWindow  *self);
void      catur_window_lessons_game_shown  (CaturWindow  *self,
                                            CaturGame    *game);
void      catur_window_lessons_update_result (CaturWindow *self);
gboolean  catur_window_is_lesson_game      (CaturWindow  *self,
                                            CaturGame    *game);

/* catur-window-drills.c */
void      catur_window_drills_init         (CaturWindow  *self);
void      catur_window_drills_dispose      (CaturWindow  *self);
void      catur_window_drills_game_shown   (CaturWindow  *self,
                                            CaturGame    *game);
gboolean  catur_window_is_drill_game       (CaturWindow  *self,
                                            CaturGame    *game);

/* catur-window-dialogs.c */
void      catur_window_ask_take_back       (CaturWindow  *self,
                                            CaturSide     requester,
                                            guint         plies);
void      catur_window_ask_resign          (CaturWindow  *self,
                                            CaturSide     side);
void      catur_window_ask_draw            (CaturWindow  *self,
                                            CaturSide     side);

/* catur-window-records.c */
void      catur_window_records_init        (CaturWindow  *self);
void      catur_window_autosave            (CaturWindow  *self);
gboolean  catur_window_resume_game         (CaturWindow  *self,
                                            CaturVariant *variant);

void catur_window_update_clock_faces (CaturWindow *self);
void      catur_window_start_game          (CaturWindow  *self,
                                            CaturGame    *game);

/* catur-window-setup.c */
void      catur_window_setup_init          (CaturWindow  *self);
void      catur_window_setup_update        (CaturWindow  *self);
GMenuModel *catur_window_setup_menu        (void);

/* catur-window-annotations.c */
void      catur_window_annotations_init    (CaturWindow  *self);
void      catur_window_annotations_update  (CaturWindow  *self);
void      catur_window_review_record       (CaturWindow  *self,
                                            CaturGame    *game);

/* catur-window-clipboard.c */
void      catur_window_clipboard_init      (CaturWindow  *self);
void      catur_window_open_records        (CaturWindow  *self,
                                            GPtrArray    *records,
                                            const char   *name,
                                            const char   *heading);

G_END_DECLS
