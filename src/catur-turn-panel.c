/* catur-turn-panel.c: whose turn it is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A card at the top of the sidebar: the side to move, shown by its king's
 * image from the variant's theme, its name, and "Check!", "Computer is
 * thinking…" or "Game over".
 * In a game with a time limit a move may take, the time left for the move counts down under
 * them (CaturMoveClock, which also tells the game when it runs out).
 * Under them, the notices of the last ply (RULES 0.4) in the variant's words:
 * a warning (perpetual check) stands out, an info (repetition, a long run
 * without captures) is quieter. Both stay until the next ply.
 * A hint asked for the live position is said in words there too, until the next move.
 * In review the card describes the position on the board, not the live game: who was to
 * move there, and whether in check; the live game's notices and thinking wait for its return.
 */
#define G_LOG_DOMAIN "catur-turn-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-a11y.h"
#include "catur-move-clock.h"
#include "catur-theme-cache.h"
#include "catur-turn-panel.h"

#define MARKER_SIZE 48

struct _CaturTurnPanel
{
  GtkWidget parent_instance;

  /* Owned */
  CaturGame *game;
  CaturThemeCache *theme;
  char *piece_theme;          /* NULL for the variant's default */
  CaturMoveClock *clock;
  char *hint_text;            /* the hint for the position after hint_ply plies, or NULL */
  guint hint_ply;

  /* Template widgets */
  GtkBox *box;
  GtkImage *marker;
  GtkLabel *title;
  GtkLabel *state;
  GtkLabel *seat;
  GtkLabel *hint;
  GtkBox *notice;
  GtkImage *notice_icon;
  GtkLabel *notice_label;
};

G_DEFINE_FINAL_TYPE (CaturTurnPanel, catur_turn_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PIECE_THEME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A piece of @side's in the game's trays (Banqi's pieces still face down, whose colour is
 * the seat's once the first flip has given colours). */
static gboolean
find_tray_piece (CaturTurnPanel *self,
                 CaturSide       side,
                 CaturPiece     *found)
{
  g_autoptr(GPtrArray) trays = catur_game_list_trays (self->game,
                                                      catur_game_get_view_ply (self->game));

  for (guint i = 0; i < trays->len; i++)
    {
      const CaturTray *tray = g_ptr_array_index (trays, i);

      for (guint j = 0; j < tray->items->len; j++)
        {
          const CaturTrayItem *item = &g_array_index (tray->items, CaturTrayItem, j);

          if (item->piece.side == side && !(item->piece.flags & CATUR_PIECE_FACE_DOWN))
            {
              *found = item->piece;
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* A piece standing for @side: its king (the piece catur_variant_in_check()
 * names for the side to move, or one of the same kind), else any of its pieces; with none
 * face up on the board, one of its pieces in a tray, else (a seat without a colour yet) the
 * back of a face-down piece. */
static gboolean
find_side_piece (CaturTurnPanel *self,
                 CaturSide       side,
                 CaturPiece     *found)
{
  CaturVariant *variant = catur_game_get_variant (self->game);
  const CaturPosition *position = catur_game_get_viewed_position (self->game);
  CaturGeometry geometry;
  CaturSquare king = CATUR_SQUARE_NONE;
  CaturPiece piece;
  guint8 king_kind = 0;
  gboolean have_any = FALSE;

  catur_variant_get_geometry (variant, &geometry);
  catur_variant_in_check (variant, position, &king);
  if (king != CATUR_SQUARE_NONE && catur_variant_piece_at (variant, position, king, &piece))
    king_kind = piece.kind;

  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      if (!catur_variant_piece_at (variant, position, square, &piece)
          || piece.side != side || (piece.flags & CATUR_PIECE_FACE_DOWN))
        continue;
      if (piece.kind == king_kind)
        {
          *found = piece;
          return TRUE;
        }
      if (!have_any)
        {
          *found = piece;
          have_any = TRUE;
        }
    }

  if (!have_any && king_kind != 0 && side <= CATUR_SIDE_SECOND)
    {
      /* The king itself was taken (games won by capture): show its kind anyway. */
      found->kind = king_kind;
      found->side = side;
      found->flags = 0;
      return TRUE;
    }
  if (!have_any && find_tray_piece (self, side, found))
    return TRUE;
  if (!have_any && geometry.has_hidden)
    {
      *found = (CaturPiece) { 0, CATUR_SIDE_NONE, CATUR_PIECE_FACE_DOWN };
      return TRUE;
    }
  return have_any;
}

static void
update_marker (CaturTurnPanel *self,
               CaturSide       side)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  CaturPiece piece;
  GdkTexture *texture = NULL;

  if (side <= CATUR_SIDE_SECOND && find_side_piece (self, side, &piece))
    {
      /* A theme that cannot be read falls back quietly here: the board tells the player. */
      catur_theme_cache_set_theme (self->theme, catur_game_get_variant (self->game),
                                   self->piece_theme, NULL);
      catur_theme_cache_set_pixel_size (self->theme, MARKER_SIZE * scale);
      texture = catur_theme_cache_get_piece (self->theme, &piece);
    }

  if (texture != NULL)
    gtk_image_set_from_paintable (self->marker, GDK_PAINTABLE (texture));
  else
    gtk_image_set_from_icon_name (self->marker, side == CATUR_SIDE_NONE
                                                ? "emblem-default-symbolic"
                                                : "media-record-symbolic");
}

/* The notices of the last ply of a game that goes on, in the order the game lists them. */
static void
update_notice (CaturTurnPanel *self)
{
  const CaturNoticeInfo *notices;
  const CaturOutcome *outcome;
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean warning = FALSE;
  guint n;

  gtk_widget_remove_css_class (GTK_WIDGET (self->notice), "warning");
  if (self->game == NULL || catur_game_is_over (self->game)
      || catur_game_is_reviewing (self->game))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->notice), FALSE);
      return;
    }

  outcome = catur_game_get_outcome (self->game);
  notices = catur_variant_list_notices (catur_game_get_variant (self->game), &n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *sentence = NULL;

      if (!(outcome->notices & notices[i].notice))
        continue;
      sentence = catur_variant_describe_notice (catur_game_get_variant (self->game),
                                                catur_game_get_position (self->game), outcome,
                                                notices[i].notice);
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, sentence);
      warning |= (notices[i].flags & CATUR_NOTICE_WARNING) != 0;
    }

  gtk_label_set_text (self->notice_label, text->str);
  gtk_image_set_from_icon_name (self->notice_icon, warning ? "dialog-warning-symbolic"
                                                           : "dialog-information-symbolic");
  if (warning)
    gtk_widget_add_css_class (GTK_WIDGET (self->notice), "warning");
  gtk_widget_set_visible (GTK_WIDGET (self->notice), text->len > 0);
}

/* The hint goes with the position it was for; in review it waits for the game's return. */
static void
update_hint (CaturTurnPanel *self)
{
  if (self->hint_text != NULL
      && (self->game == NULL || catur_game_get_n_plies (self->game) != self->hint_ply))
    g_clear_pointer (&self->hint_text, g_free);

  gtk_label_set_text (self->hint, self->hint_text != NULL ? self->hint_text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->hint), self->hint_text != NULL
                                                   && !catur_game_is_reviewing (self->game));
}

/* "You play Red" against the computer, in a game whose seats get their colours in play
 * (Banqi's first flip): the title names only the side to move, and nothing else would tell
 * the person which colour the flip gave them. */
static void
update_seat (CaturTurnPanel *self)
{
  CaturVariant *variant;
  CaturSide computer, human;
  const char *seat, *now;
  g_autofree char *text = NULL;

  computer = self->game != NULL ? catur_game_get_computer_side (self->game) : CATUR_SIDE_NONE;
  gtk_widget_set_visible (GTK_WIDGET (self->seat), FALSE);
  if (computer != CATUR_SIDE_FIRST && computer != CATUR_SIDE_SECOND)
    return;

  variant = catur_game_get_variant (self->game);
  human = catur_side_other (computer);
  seat = catur_variant_get_side_name (variant, NULL, human);
  now = catur_game_get_side_name_at (self->game, catur_game_get_view_ply (self->game), human);
  if (g_str_equal (seat, now))
    return;
  /* Translators: under the side to move, against the computer: the colour the person got */
  text = g_strdup_printf (_("You play %s"), now);
  gtk_label_set_text (self->seat, text);
  gtk_widget_set_visible (GTK_WIDGET (self->seat), TRUE);
}

static void
update (CaturTurnPanel *self)
{
  CaturVariant *variant;
  const CaturOutcome *outcome;
  const CaturPosition *shown;
  CaturSide side;
  CaturSquare king;
  gboolean check;
  guint view;

  gtk_widget_remove_css_class (GTK_WIDGET (self->state), "check");
  gtk_widget_remove_css_class (GTK_WIDGET (self->marker), "in-check");
  gtk_widget_remove_css_class (GTK_WIDGET (self->box), "game-over");
  update_notice (self);
  update_hint (self);
  update_seat (self);

  if (self->game == NULL)
    {
      gtk_label_set_text (self->title, "");
      gtk_label_set_text (self->state, "");
      gtk_image_clear (self->marker);
      return;
    }

  variant = catur_game_get_variant (self->game);
  outcome = catur_game_get_outcome (self->game);

  if (catur_game_is_over (self->game) && !catur_game_is_reviewing (self->game))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->box), "game-over");
      gtk_label_set_text (self->title, _("Game over"));
      if (outcome->result == CATUR_RESULT_WIN)
        {
          g_autofree char *wins = NULL;

          /* Translators: the winner of a finished game, e.g. "Red wins" */
          wins = g_strdup_printf (_("%s wins"), catur_game_get_side_name (self->game,
                                                                         outcome->winner));
          gtk_label_set_text (self->state, wins);
          update_marker (self, outcome->winner);
        }
      else
        {
          gtk_label_set_text (self->state, _("Draw"));
          update_marker (self, CATUR_SIDE_NONE);
        }
      return;
    }

  view = catur_game_get_view_ply (self->game);
  shown = catur_game_get_viewed_position (self->game);
  side = catur_variant_side_to_move (variant, shown);
  check = catur_variant_in_check (variant, shown, &king);

  gtk_label_set_text (self->title, catur_game_get_side_name_at (self->game, view, side));
  if (catur_game_get_thinking (self->game) && !catur_game_is_reviewing (self->game))
    gtk_label_set_text (self->state, _("Computer is thinking…"));
  else if (check)
    {
      gtk_label_set_text (self->state, _("Check!"));
      gtk_widget_add_css_class (GTK_WIDGET (self->state), "check");
      gtk_widget_add_css_class (GTK_WIDGET (self->marker), "in-check");
    }
  else
    gtk_label_set_text (self->state, _("To move"));

  update_marker (self, side);
}

static void
catur_turn_panel_dispose (GObject *object)
{
  CaturTurnPanel *self = CATUR_TURN_PANEL (object);

  if (self->clock != NULL)
    catur_move_clock_set_game (self->clock, NULL);
  g_clear_object (&self->clock);
  gtk_widget_dispose_template (GTK_WIDGET (self), CATUR_TYPE_TURN_PANEL);
  g_clear_object (&self->game);
  g_clear_object (&self->theme);

  G_OBJECT_CLASS (catur_turn_panel_parent_class)->dispose (object);
}

static void
catur_turn_panel_finalize (GObject *object)
{
  CaturTurnPanel *self = CATUR_TURN_PANEL (object);

  g_free (self->piece_theme);
  g_free (self->hint_text);

  G_OBJECT_CLASS (catur_turn_panel_parent_class)->finalize (object);
}

static void
catur_turn_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CaturTurnPanel *self = CATUR_TURN_PANEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_PIECE_THEME:
      g_value_set_string (value, self->piece_theme);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_turn_panel_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CaturTurnPanel *self = CATUR_TURN_PANEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      catur_turn_panel_set_game (self, g_value_get_object (value));
      break;
    case PROP_PIECE_THEME:
      catur_turn_panel_set_piece_theme (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_turn_panel_class_init (CaturTurnPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_turn_panel_dispose;
  object_class->finalize = catur_turn_panel_finalize;
  object_class->get_property = catur_turn_panel_get_property;
  object_class->set_property = catur_turn_panel_set_property;

  /**
   * CaturTurnPanel:game:
   *
   * The game whose turn is shown.
   */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CATUR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturTurnPanel:piece-theme:
   *
   * The piece theme of the marker, the board's; %NULL for the variant's default.
   */
  properties[PROP_PIECE_THEME] =
    g_param_spec_string ("piece-theme", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "ui/catur-turn-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturTurnPanel, box);
  gtk_widget_class_bind_template_child (widget_class, CaturTurnPanel, marker);
  gtk_widget_class_bind_template_child (widget_class, CaturTurnPanel, title);
  gtk_widget_class_bind_template_child (widget_class, CaturTurnPanel, state);
  gtk_widget_class_bind_template_child (widget_class, CaturTurnPanel, seat);
  gtk_widget_class_bind_template_child (widget_class, CaturTurnPanel, hint);
  gtk_widget_class_bind_template_child (widget_class, CaturTurnPanel, notice);
  gtk_widget_class_bind_template_child (widget_class, CaturTurnPanel, notice_icon);
  gtk_widget_class_bind_template_child (widget_class, CaturTurnPanel, notice_label);

  gtk_widget_class_set_css_name (widget_class, "turnpanel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
}

/* The panel is one status for assistive technologies: its name says both lines. */
static void
update_accessible_label (CaturTurnPanel *self)
{
  const char *title = gtk_label_get_text (self->title);
  const char *state = gtk_label_get_text (self->state);
  g_autofree char *label = NULL;

  if (*title == '\0')
    label = g_strdup (_("Turn"));
  else if (gtk_widget_get_visible (GTK_WIDGET (self->seat)))
    /* Translators: the turn panel read aloud with the person's colour against the computer,
     * e.g. "Black, Computer is thinking…, You play Red" */
    label = g_strdup_printf (_("%s, %s, %s"), title, state, gtk_label_get_text (self->seat));
  else
    /* Translators: the turn panel read aloud: whose turn and what state,
     * e.g. "Red, To move" or "Game over, Black wins" */
    label = g_strdup_printf (_("%s, %s"), title, state);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
catur_turn_panel_init (CaturTurnPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->title, "notify::label", G_CALLBACK (update_accessible_label),
                            self);
  g_signal_connect_swapped (self->state, "notify::label", G_CALLBACK (update_accessible_label),
                            self);
  g_signal_connect_swapped (self->seat, "notify::label", G_CALLBACK (update_accessible_label),
                            self);
  g_signal_connect_swapped (self->seat, "notify::visible", G_CALLBACK (update_accessible_label),
                            self);
  update_accessible_label (self);
  catur_a11y_hide_while_empty (self->notice_label);

  self->theme = catur_theme_cache_new ();
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (update), NULL);
  self->clock = catur_move_clock_new ();
}

GtkWidget *
catur_turn_panel_new (void)
{
  return g_object_new (CATUR_TYPE_TURN_PANEL, NULL);
}

/**
 * catur_turn_panel_get_game:
 * @self: a #CaturTurnPanel
 *
 * Returns: (transfer none) (nullable): the game shown
 */
CaturGame *
catur_turn_panel_get_game (CaturTurnPanel *self)
{
  g_return_val_if_fail (CATUR_IS_TURN_PANEL (self), NULL);

  return self->game;
}

/**
 * catur_turn_panel_set_game:
 * @self: a #CaturTurnPanel
 * @game: (nullable): the game to follow
 */
void
catur_turn_panel_set_game (CaturTurnPanel *self,
                           CaturGame      *game)
{
  g_return_if_fail (CATUR_IS_TURN_PANEL (self));
  g_return_if_fail (game == NULL || CATUR_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_func (self->game, update, self);
  g_set_object (&self->game, game);
  g_clear_pointer (&self->hint_text, g_free);
  if (game != NULL)
    {
      g_signal_connect_object (game, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::thinking", G_CALLBACK (update), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::view-ply", G_CALLBACK (update), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::computer-side", G_CALLBACK (update), self,
                               G_CONNECT_SWAPPED);
    }

  catur_move_clock_set_game (self->clock, game);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/**
 * catur_turn_panel_get_clock:
 * @self: a #CaturTurnPanel
 *
 * Returns: (transfer none): the clock counting the time left for the move
 */
CaturMoveClock *
catur_turn_panel_get_clock (CaturTurnPanel *self)
{
  g_return_val_if_fail (CATUR_IS_TURN_PANEL (self), NULL);

  return self->clock;
}

/* The side to move's name, or "Game over". */
const char *
catur_turn_panel_get_title (CaturTurnPanel *self)
{
  g_return_val_if_fail (CATUR_IS_TURN_PANEL (self), NULL);

  return gtk_label_get_text (self->title);
}

/**
 * catur_turn_panel_get_notice:
 * @self: a #CaturTurnPanel
 *
 * Returns: (nullable): the notices of the last ply as shown, %NULL when there are none
 */
const char *
catur_turn_panel_get_notice (CaturTurnPanel *self)
{
  g_return_val_if_fail (CATUR_IS_TURN_PANEL (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->notice)))
    return NULL;
  return gtk_label_get_text (self->notice_label);
}

/* Whether the notice shown is a warning (it says a loss is near). */
gboolean
catur_turn_panel_get_notice_is_warning (CaturTurnPanel *self)
{
  g_return_val_if_fail (CATUR_IS_TURN_PANEL (self), FALSE);

  return gtk_widget_get_visible (GTK_WIDGET (self->notice))
         && gtk_widget_has_css_class (GTK_WIDGET (self->notice), "warning");
}

/* "To move", "Check!", "Computer is thinking…", or the result. */
const char *
catur_turn_panel_get_state (CaturTurnPanel *self)
{
  g_return_val_if_fail (CATUR_IS_TURN_PANEL (self), NULL);

  return gtk_label_get_text (self->state);
}

/**
 * catur_turn_panel_set_piece_theme:
 * @self: a #CaturTurnPanel
 * @piece_theme: (nullable): a piece theme id of the game's variant, %NULL for its default
 */
void
catur_turn_panel_set_piece_theme (CaturTurnPanel *self,
                                  const char     *piece_theme)
{
  g_return_if_fail (CATUR_IS_TURN_PANEL (self));

  if (g_strcmp0 (self->piece_theme, piece_theme) == 0)
    return;

  g_free (self->piece_theme);
  self->piece_theme = g_strdup (piece_theme);

  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_THEME]);
}

/**
 * catur_turn_panel_set_hint:
 * @self: a #CaturTurnPanel
 * @text: (nullable): the hint for the game's live position in words, %NULL for none
 *
 * Shows @text under the side to move until the game moves on.
 */
void
catur_turn_panel_set_hint (CaturTurnPanel *self,
                           const char     *text)
{
  g_return_if_fail (CATUR_IS_TURN_PANEL (self));

  g_free (self->hint_text);
  self->hint_text = self->game != NULL ? g_strdup (text) : NULL;
  self->hint_ply = self->game != NULL ? catur_game_get_n_plies (self->game) : 0;
  update_hint (self);
}

/**
 * catur_turn_panel_get_hint:
 * @self: a #CaturTurnPanel
 *
 * Returns: (nullable): the hint shown, %NULL when there is none
 */
const char *
catur_turn_panel_get_hint (CaturTurnPanel *self)
{
  g_return_val_if_fail (CATUR_IS_TURN_PANEL (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->hint)))
    return NULL;
  return gtk_label_get_text (self->hint);
}
