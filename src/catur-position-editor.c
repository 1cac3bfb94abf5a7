/* catur-position-editor.c: a position set up by hand, on the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The editor knows no game: the variant lists the pieces of its palette, what else a position
 * holds (side to move, castling rights, hands, the face-down pool: CaturPositionField) and why
 * a position cannot be played, in the words its position text reader uses. The board is the
 * shell's own board view showing the position being set up (catur_board_view_set_edit_position());
 * a click puts down the chosen piece, a drag moves one, a letter typed on the board puts down
 * the piece of that letter, and each change is said to a screen reader. The
 * position text is shown as it changes and read when Enter is pressed in it. The game starts
 * from the text the position writes, read back, so that the game never sees more than a
 * position text holds (no face-down piece is known until the game deals them).
 */
#define G_LOG_DOMAIN "catur-position-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-position-editor.h"
#include "catur-theme-cache.h"

/* The palette's pictures, in device-independent pixels. */
#define PALETTE_SIZE 40

struct _CaturPositionEditor
{
  AdwWindow parent_instance;

  /* Owned */
  CaturVariant *variant;
  CaturPosition *position;
  CaturGame *board_game;      /* a game of the variant, for the board view to stand on */
  CaturThemeCache *theme;
  GPtrArray *letters;         /* the letter typed for each palette piece (char *) */
  GPtrArray *tools;           /* GtkToggleButton: each palette piece, then the eraser */
  GPtrArray *field_widgets;   /* per field: AdwComboRow, GtkSwitch or GtkSpinButton */

  /* The variant's */
  const CaturPiece *pieces;
  guint n_pieces;
  const CaturPositionField *fields;
  guint n_fields;
  CaturGeometry geometry;

  guint tool;                 /* the palette piece put down, or n_pieces for the eraser */
  gboolean updating;          /* the widgets are being set from the position */
  gboolean promoted_prefix;   /* "+" was typed: the next letter names a promoted piece */
  gboolean after_digit;       /* a digit was typed: the next letter ends a square's name */

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkWidget *play_button;
  GtkWidget *computer_button;
  GtkBox *board_box;
  GtkFlowBox *palette_box;
  GtkBox *fields_box;
  GtkEntry *text_entry;
  GtkLabel *problem_label;
  GtkLabel *hint_label;

  CaturBoardView *board_view;
};

G_DEFINE_FINAL_TYPE (CaturPositionEditor, catur_position_editor, ADW_TYPE_WINDOW)

enum {
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
square_name (CaturPositionEditor *self,
             CaturSquare          square)
{
  char name[8];

  catur_variant_square_name (self->variant, square, name);
  return g_strdup (name);
}

static char *
piece_words (CaturPositionEditor *self,
             const CaturPiece    *piece)
{
  /* A piece of no seat yet (Banqi's, before the colours are given) has its name alone. */
  if (piece->side > CATUR_SIDE_SECOND)
    return catur_variant_get_piece_name (self->variant, piece);
  return catur_variant_describe_piece (self->variant, self->position, piece);
}

static void
say (CaturPositionEditor *self,
     const char          *text)
{
  catur_board_view_announce (self->board_view, text);
}

/* Shows the position: on the board, in the fields, as text, and whether it can be played. */
static void
refresh (CaturPositionEditor *self)
{
  g_autofree char *problem = catur_variant_check_position (self->variant, self->position);
  g_autofree char *text = catur_variant_format (self->variant, self->position);

  catur_board_view_set_edit_position (self->board_view, self->position);

  self->updating = TRUE;
  for (guint i = 0; i < self->n_fields; i++)
    {
      GtkWidget *widget = g_ptr_array_index (self->field_widgets, i);
      guint value = catur_variant_get_position_field (self->variant, self->position, i);

      switch (self->fields[i].type)
        {
        case CATUR_POSITION_FIELD_CHOICE:
          adw_combo_row_set_selected (ADW_COMBO_ROW (widget), value);
          break;
        case CATUR_POSITION_FIELD_TOGGLE:
          gtk_switch_set_active (GTK_SWITCH (widget), value != 0);
          break;
        case CATUR_POSITION_FIELD_COUNT:
        default:
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), value);
          break;
        }
    }
  gtk_editable_set_text (GTK_EDITABLE (self->text_entry), text);
  self->updating = FALSE;

  if (problem != NULL)
    {
      /* Translators: %s says what is wrong, such as "Sente has two pawns on file 5" */
      g_autofree char *sentence = g_strdup_printf (_("This position cannot be played: %s."),
                                                   problem);

      gtk_label_set_text (self->problem_label, sentence);
      gtk_widget_remove_css_class (GTK_WIDGET (self->problem_label), "success");
      gtk_widget_add_css_class (GTK_WIDGET (self->problem_label), "error");
    }
  else
    {
      gtk_label_set_text (self->problem_label, _("The position can be played."));
      gtk_widget_remove_css_class (GTK_WIDGET (self->problem_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->problem_label), "success");
    }
  gtk_widget_set_sensitive (self->play_button, problem == NULL);
  gtk_widget_set_sensitive (self->computer_button,
                            problem == NULL && catur_variant_can_think (self->variant));
}

/* Says the change and, when the position cannot be played, why: a player who cannot see the
 * label hears it with the change that caused it. */
static void
say_change (CaturPositionEditor *self,
            const char          *change)
{
  g_autofree char *problem = catur_variant_check_position (self->variant, self->position);
  g_autofree char *text = NULL;

  if (problem == NULL)
    {
      say (self, change);
      return;
    }
  /* Translators: what changed, then why the position cannot be played */
  text = g_strdup_printf (_("%s. Cannot be played: %s."), change, problem);
  say (self, text);
}

/* The palette piece that stands for @piece as the board shows it. */
static const CaturPiece *
palette_piece_for (CaturPositionEditor *self,
                   const CaturPiece    *piece)
{
  for (guint i = 0; i < self->n_pieces; i++)
    if (self->pieces[i].kind == piece->kind && self->pieces[i].flags == piece->flags
        && (self->pieces[i].side == piece->side || self->pieces[i].side == CATUR_SIDE_NONE))
      return &self->pieces[i];
  return NULL;
}

static void
choose_tool (CaturPositionEditor *self,
             guint                tool)
{
  self->tool = tool;
  gtk_toggle_button_set_active (g_ptr_array_index (self->tools, tool), TRUE);
}

static gboolean
put_piece (CaturPositionEditor *self,
           CaturSquare          square,
           const CaturPiece    *piece)
{
  g_autofree char *where = square_name (self, square);
  g_autofree char *what = NULL;
  g_autofree char *text = NULL;
  CaturPiece there;

  if (piece == NULL)
    {
      if (!catur_variant_piece_at (self->variant, self->position, square, &there))
        {
          /* Translators: %s is a square, such as "e4" */
          text = g_strdup_printf (_("%s is empty already"), where);
          say (self, text);
          return FALSE;
        }
      what = piece_words (self, &there);
      catur_variant_set_piece (self->variant, self->position, square, NULL);
      /* Translators: "White Knight taken off g1" */
      text = g_strdup_printf (_("%s taken off %s"), what, where);
    }
  else
    {
      what = piece_words (self, piece);
      if (!catur_variant_set_piece (self->variant, self->position, square, piece))
        {
          /* Translators: "White Knight cannot stand on g1" */
          text = g_strdup_printf (_("%s cannot stand on %s"), what, where);
          adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
          say (self, text);
          return FALSE;
        }
      /* Translators: "White Knight on g1" */
      text = g_strdup_printf (_("%s on %s"), what, where);
    }
  refresh (self);
  say_change (self, text);
  return TRUE;
}

/* A click on a hand slot gives that hand one more of its kind, the eraser one fewer. */
static void
change_hand (CaturPositionEditor *self,
             CaturSquare          slot)
{
  CaturSide side = catur_square_hand_side (slot);
  guint8 kind = catur_square_hand_kind (slot);

  for (guint i = 0; i < self->n_fields; i++)
    {
      const CaturPositionField *field = &self->fields[i];
      guint value;
      g_autofree char *text = NULL;

      if (field->type != CATUR_POSITION_FIELD_COUNT || field->piece.kind != kind
          || field->piece.side != side)
        continue;
      value = catur_variant_get_position_field (self->variant, self->position, i);
      if (self->tool == self->n_pieces)
        value = value > 0 ? value - 1 : 0;
      else
        value = MIN (value + 1, field->max);
      catur_variant_set_position_field (self->variant, self->position, i, value);
      refresh (self);
      /* Translators: "Sente’s Hand, Pawn: 2" */
      text = g_strdup_printf (_("%s, %s: %u"), field->group, field->label, value);
      say_change (self, text);
      return;
    }
}

static void
edit_square_cb (CaturPositionEditor *self,
                guint                square,
                guint                from,
                CaturBoardView      *view)
{
  guint n_board = (guint) self->geometry.files * self->geometry.ranks;

  if (from != CATUR_SQUARE_NONE)
    {
      CaturPiece piece;
      const CaturPiece *standing;
      g_autofree char *what = NULL;
      g_autofree char *start = square_name (self, from);
      g_autofree char *text = NULL;

      if (!catur_variant_piece_at (self->variant, self->position, from, &piece)
          || (standing = palette_piece_for (self, &piece)) == NULL)
        return;
      what = piece_words (self, &piece);
      catur_variant_set_piece (self->variant, self->position, from, NULL);
      if (square < n_board && catur_variant_set_piece (self->variant, self->position, square,
                                                       standing))
        {
          g_autofree char *end = square_name (self, square);

          /* Translators: "White Knight moved from g1 to f3" */
          text = g_strdup_printf (_("%s moved from %s to %s"), what, start, end);
        }
      else
        /* Translators: "White Knight taken off g1" */
        text = g_strdup_printf (_("%s taken off %s"), what, start);
      refresh (self);
      say_change (self, text);
      return;
    }

  if (square < n_board)
    {
      CaturPiece there;

      /* The piece chosen, put on a square that holds it already, comes off again. */
      if (self->tool == self->n_pieces
          || (catur_variant_piece_at (self->variant, self->position, square, &there)
              && palette_piece_for (self, &there) == &self->pieces[self->tool]))
        put_piece (self, square, NULL);
      else
        put_piece (self, square, &self->pieces[self->tool]);
    }
  else if (catur_square_is_hand (square))
    change_hand (self, square);
}

/* Keys on the board: a piece's letter puts that piece under the cursor ("+" first for a
 * promoted one), Delete or Backspace takes the piece away. The arrows, a square's name that
 * begins with a digit, and the rest are the board's own. */
static gboolean
editor_key (CaturPositionEditor *self,
            guint                keyval,
            GdkModifierType      state)
{
  CaturSquare cursor = catur_board_view_get_cursor (self->board_view);
  gboolean on_board = cursor < (guint) self->geometry.files * self->geometry.ranks;
  gunichar c;
  char letter[8];
  int length;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  if (keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete || keyval == GDK_KEY_BackSpace)
    {
      if (on_board)
        put_piece (self, cursor, NULL);
      return TRUE;
    }
  c = gdk_keyval_to_unicode (keyval);
  /* A name that begins with a digit (Shogi's 5g) is the board's to finish. */
  if (g_unichar_isdigit (c))
    {
      self->after_digit = TRUE;
      return FALSE;
    }
  if (self->after_digit)
    {
      self->after_digit = FALSE;
      return FALSE;
    }
  if (c == '+')
    {
      self->promoted_prefix = TRUE;
      return TRUE;
    }
  if (!g_unichar_isalpha (c) || c > 0x7f)
    return FALSE;
  length = 0;
  if (self->promoted_prefix)
    letter[length++] = '+';
  letter[length++] = (char) c;
  letter[length] = '\0';
  self->promoted_prefix = FALSE;
  if (!catur_position_editor_choose_piece (self, letter))
    return FALSE;
  if (on_board)
    put_piece (self, cursor, &self->pieces[self->tool]);
  return TRUE;
}

static gboolean
board_key_pressed_cb (CaturPositionEditor   *self,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      GtkEventControllerKey *controller)
{
  return editor_key (self, keyval, state);
}

static void
tool_toggled_cb (CaturPositionEditor *self,
                 GtkToggleButton     *button)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  for (guint i = 0; i < self->tools->len; i++)
    if (g_ptr_array_index (self->tools, i) == button)
      self->tool = i;
}

static void
field_changed_cb (CaturPositionEditor *self,
                  GParamSpec          *pspec,
                  GtkWidget           *widget)
{
  guint field = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "catur-field"));
  guint value;

  if (self->updating)
    return;
  switch (self->fields[field].type)
    {
    case CATUR_POSITION_FIELD_CHOICE:
      value = adw_combo_row_get_selected (ADW_COMBO_ROW (widget));
      break;
    case CATUR_POSITION_FIELD_TOGGLE:
      value = gtk_switch_get_active (GTK_SWITCH (widget));
      break;
    case CATUR_POSITION_FIELD_COUNT:
    default:
      value = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
      break;
    }
  catur_variant_set_position_field (self->variant, self->position, field, value);
  refresh (self);
}

static void
set_position (CaturPositionEditor *self,
              CaturPosition       *position)
{
  g_clear_pointer (&self->position, catur_position_free);
  self->position = position;
  refresh (self);
}

static void
clear_clicked_cb (CaturPositionEditor *self)
{
  guint n_board = (guint) self->geometry.files * self->geometry.ranks;

  for (guint square = 0; square < n_board; square++)
    catur_variant_set_piece (self->variant, self->position, square, NULL);
  for (guint i = 0; i < self->n_fields; i++)
    catur_variant_set_position_field (self->variant, self->position, i, 0);
  refresh (self);
  say_change (self, _("Board cleared"));
}

static void
start_position_clicked_cb (CaturPositionEditor *self)
{
  set_position (self, catur_variant_new_position (self->variant, NULL, g_random_int ()));
  say_change (self, _("Start position set up"));
}

static void
text_activate_cb (CaturPositionEditor *self)
{
  catur_position_editor_set_text (self,
                                  gtk_editable_get_text (GTK_EDITABLE (self->text_entry)));
}

static void
copy_clicked_cb (CaturPositionEditor *self)
{
  g_autofree char *text = catur_variant_format (self->variant, self->position);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Position text copied")));
  say (self, _("Position text copied"));
}

static void
play_clicked_cb (CaturPositionEditor *self)
{
  g_signal_emit (self, signals[START], 0, FALSE);
}

static void
computer_clicked_cb (CaturPositionEditor *self)
{
  g_signal_emit (self, signals[START], 0, TRUE);
}

static GtkWidget *
piece_image (CaturPositionEditor *self,
             const CaturPiece    *piece)
{
  GdkTexture *texture = catur_theme_cache_get_piece (self->theme, piece);
  GtkWidget *image = texture != NULL ? gtk_image_new_from_paintable (GDK_PAINTABLE (texture))
                                     : gtk_image_new ();

  gtk_image_set_pixel_size (GTK_IMAGE (image), PALETTE_SIZE);
  /* The second side's pieces point at the first's, as the board draws them, where the game's
   * pieces tell the sides apart so. */
  if ((catur_variant_get_flags (self->variant) & CATUR_VARIANT_TOP_PIECES_TURNED)
      && piece->side == CATUR_SIDE_SECOND)
    gtk_widget_add_css_class (image, "turned-piece");
  return image;
}

/* The letter typed for each palette piece: the game's own (get_piece_letter); where both
 * sides' pieces have the same letter, the second side's in lower case, as FEN has it. */
static void
make_letters (CaturPositionEditor *self)
{
  for (guint i = 0; i < self->n_pieces; i++)
    {
      char *letter = catur_variant_get_piece_letter (self->variant, &self->pieces[i]);

      for (guint j = 0; j < i; j++)
        if (g_str_equal (letter, g_ptr_array_index (self->letters, j))
            && self->pieces[j].side != self->pieces[i].side)
          {
            char *lower = g_ascii_strdown (letter, -1);

            g_free (letter);
            letter = lower;
            break;
          }
      g_ptr_array_add (self->letters, letter);
    }
}

/* A palette piece may be dragged onto the board, as well as chosen and clicked down. */
static void
add_drag_source (CaturPositionEditor *self,
                 GtkWidget           *button,
                 guint                index)
{
  GtkDragSource *source = gtk_drag_source_new ();
  g_autoptr(GdkContentProvider) content = gdk_content_provider_new_typed (G_TYPE_UINT, index);
  GdkTexture *texture = catur_theme_cache_get_piece (self->theme, &self->pieces[index]);

  gtk_drag_source_set_content (source, content);
  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  if (texture != NULL)
    gtk_drag_source_set_icon (source, GDK_PAINTABLE (texture), PALETTE_SIZE / 2,
                              PALETTE_SIZE / 2);
  gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
}

static gboolean
palette_drop_cb (CaturPositionEditor *self,
                 const GValue        *value,
                 double               x,
                 double               y,
                 GtkDropTarget       *target)
{
  guint index = g_value_get_uint (value);
  CaturSquare square = catur_board_view_square_at (self->board_view, x, y);

  if (index >= self->n_pieces || square >= (guint) self->geometry.files * self->geometry.ranks)
    return FALSE;
  choose_tool (self, index);
  return put_piece (self, square, &self->pieces[index]);
}

static void
build_palette (CaturPositionEditor *self)
{
  GtkToggleButton *first = NULL;
  GtkWidget *eraser;

  for (guint i = 0; i < self->n_pieces; i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      g_autofree char *name = piece_words (self, &self->pieces[i]);
      /* Translators: a piece of the palette and the key that puts it down: "White Knight (N)" */
      g_autofree char *tip = g_strdup_printf (_("%s (%s)"), name,
                                              (char *) g_ptr_array_index (self->letters, i));

      gtk_button_set_child (GTK_BUTTON (button), piece_image (self, &self->pieces[i]));
      gtk_widget_set_tooltip_text (button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip,
                                      -1);
      gtk_widget_add_css_class (button, "flat");
      if (first == NULL)
        first = GTK_TOGGLE_BUTTON (button);
      else
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), first);
      g_signal_connect_object (button, "toggled", G_CALLBACK (tool_toggled_cb), self,
                               G_CONNECT_SWAPPED);
      add_drag_source (self, button, i);
      g_ptr_array_add (self->tools, button);
      gtk_flow_box_append (self->palette_box, button);
    }
  eraser = gtk_toggle_button_new ();
  gtk_button_set_child (GTK_BUTTON (eraser), gtk_image_new_from_icon_name ("edit-clear-symbolic"));
  gtk_widget_set_tooltip_text (eraser, _("Erase (Delete)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (eraser), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Erase"), -1);
  gtk_widget_add_css_class (eraser, "flat");
  if (first != NULL)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (eraser), first);
  g_signal_connect_object (eraser, "toggled", G_CALLBACK (tool_toggled_cb), self,
                           G_CONNECT_SWAPPED);
  g_ptr_array_add (self->tools, eraser);
  gtk_flow_box_append (self->palette_box, eraser);
  choose_tool (self, 0);
}

static void
build_fields (CaturPositionEditor *self)
{
  AdwPreferencesGroup *group = NULL;
  const char *group_title = NULL;

  for (guint i = 0; i < self->n_fields; i++)
    {
      const CaturPositionField *field = &self->fields[i];
      GtkWidget *row, *widget;

      if (group == NULL || g_strcmp0 (field->group, group_title) != 0)
        {
          group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
          adw_preferences_group_set_title (group, field->group);
          group_title = field->group;
          gtk_box_append (self->fields_box, GTK_WIDGET (group));
        }
      switch (field->type)
        {
        case CATUR_POSITION_FIELD_CHOICE:
          {
            g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

            for (guint c = 0; c < field->n_choices; c++)
              gtk_string_list_append (list, field->choices[c].label);
            row = widget = adw_combo_row_new ();
            adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
            adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), field->label);
            g_signal_connect_object (widget, "notify::selected", G_CALLBACK (field_changed_cb),
                                     self, G_CONNECT_SWAPPED);
          }
          break;
        case CATUR_POSITION_FIELD_TOGGLE:
          row = adw_action_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), field->label);
          widget = gtk_switch_new ();
          gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), widget);
          adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), widget);
          g_signal_connect_object (widget, "notify::active", G_CALLBACK (field_changed_cb), self,
                                   G_CONNECT_SWAPPED);
          break;
        case CATUR_POSITION_FIELD_COUNT:
        default:
          row = adw_action_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), field->label);
          if (field->piece.kind != 0)
            adw_action_row_add_prefix (ADW_ACTION_ROW (row), piece_image (self, &field->piece));
          widget = gtk_spin_button_new_with_range (0, field->max, 1);
          gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), widget);
          g_signal_connect_object (widget, "notify::value", G_CALLBACK (field_changed_cb), self,
                                   G_CONNECT_SWAPPED);
          break;
        }
      if (widget != row)
        {
          /* Translators: a count or a switch of the editor, as a screen reader names it:
           * "Sente’s Hand: Pawn" */
          g_autofree char *label = g_strdup_printf (_("%s: %s"), field->group, field->label);

          gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          label, -1);
        }
      g_object_set_data (G_OBJECT (widget), "catur-field", GUINT_TO_POINTER (i));
      g_ptr_array_add (self->field_widgets, widget);
      adw_preferences_group_add (group, row);
    }
}

static void
catur_position_editor_dispose (GObject *object)
{
  CaturPositionEditor *self = CATUR_POSITION_EDITOR (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CATUR_TYPE_POSITION_EDITOR);

  G_OBJECT_CLASS (catur_position_editor_parent_class)->dispose (object);
}

static void
catur_position_editor_finalize (GObject *object)
{
  CaturPositionEditor *self = CATUR_POSITION_EDITOR (object);

  g_clear_pointer (&self->position, catur_position_free);
  g_clear_object (&self->board_game);
  g_clear_object (&self->theme);
  g_clear_object (&self->variant);
  g_clear_pointer (&self->letters, g_ptr_array_unref);
  g_clear_pointer (&self->tools, g_ptr_array_unref);
  g_clear_pointer (&self->field_widgets, g_ptr_array_unref);

  G_OBJECT_CLASS (catur_position_editor_parent_class)->finalize (object);
}

static void
catur_position_editor_class_init (CaturPositionEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_position_editor_dispose;
  object_class->finalize = catur_position_editor_finalize;

  /**
   * CaturPositionEditor::start:
   * @self: the editor
   * @against_computer: whether the player chose to play against the computer
   *
   * The player chose to play from the position, which can be played
   * (catur_position_editor_take_start()).
   */
  signals[START] =
    g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/caturapp/Catur/ui/"
                                               "catur-position-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturPositionEditor, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CaturPositionEditor, window_title);
  gtk_widget_class_bind_template_child (widget_class, CaturPositionEditor, play_button);
  gtk_widget_class_bind_template_child (widget_class, CaturPositionEditor, computer_button);
  gtk_widget_class_bind_template_child (widget_class, CaturPositionEditor, board_box);
  gtk_widget_class_bind_template_child (widget_class, CaturPositionEditor, palette_box);
  gtk_widget_class_bind_template_child (widget_class, CaturPositionEditor, fields_box);
  gtk_widget_class_bind_template_child (widget_class, CaturPositionEditor, text_entry);
  gtk_widget_class_bind_template_child (widget_class, CaturPositionEditor, problem_label);
  gtk_widget_class_bind_template_child (widget_class, CaturPositionEditor, hint_label);
  gtk_widget_class_bind_template_callback (widget_class, clear_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_position_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, text_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, copy_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, play_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, computer_clicked_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
catur_position_editor_init (CaturPositionEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_label_set_text (self->hint_label,
                      _("Click a square to put the chosen piece there, or drag a piece onto "
                        "the board or across it. On the board, type a piece’s letter to put it "
                        "under the cursor; Delete takes it away."));
  gtk_widget_set_tooltip_text (self->play_button, _("Two players play from this position"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->text_entry),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Press Enter to set up the position the text gives"), -1);
  self->letters = g_ptr_array_new_with_free_func (g_free);
  self->tools = g_ptr_array_new ();
  self->field_widgets = g_ptr_array_new ();
  self->theme = catur_theme_cache_new ();
}

/**
 * catur_position_editor_new:
 * @parent: the window it belongs to
 * @variant: a game that can be set up (catur_variant_can_set_up())
 * @position: the position to start from (what the players see of it is taken)
 * @board: (nullable): the window's board, whose themes and orientation the editor's takes
 *
 * Returns: (transfer full): a new editor, not yet shown
 */
CaturPositionEditor *
catur_position_editor_new (GtkWindow           *parent,
                           CaturVariant        *variant,
                           const CaturPosition *position,
                           CaturBoardView      *board)
{
  CaturPositionEditor *self;
  GtkEventController *keys;
  GtkDropTarget *drop;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (catur_variant_can_set_up (variant), NULL);
  g_return_val_if_fail (position != NULL && position->variant == variant, NULL);

  self = g_object_new (CATUR_TYPE_POSITION_EDITOR, "transient-for", parent, NULL);
  self->variant = g_object_ref (variant);
  catur_variant_get_geometry (variant, &self->geometry);
  self->pieces = catur_variant_list_setup_pieces (variant, &self->n_pieces);
  self->fields = catur_variant_list_position_fields (variant, &self->n_fields);
  /* What lies face down is not the editor's to know. */
  self->position = catur_variant_observe (variant, position);
  adw_window_title_set_subtitle (self->window_title, catur_variant_get_name (variant));

  self->board_game = catur_game_new (variant,
                                     catur_variant_new_position (variant, NULL, g_random_int ()));
  self->board_view = CATUR_BOARD_VIEW (catur_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board_view), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board_view), TRUE);
  catur_board_view_set_game (self->board_view, self->board_game);
  if (board != NULL)
    {
      catur_board_view_set_piece_theme (self->board_view, catur_board_view_get_piece_theme (board));
      catur_board_view_set_board_theme (self->board_view, catur_board_view_get_board_theme (board));
      catur_board_view_set_flipped (self->board_view, catur_board_view_get_flipped (board));
      catur_board_view_set_table_mode (self->board_view, catur_board_view_get_table_mode (board));
      catur_board_view_set_piece_letters (self->board_view,
                                          catur_board_view_get_piece_letters (board));
    }
  catur_board_view_set_animations (self->board_view, FALSE);
  catur_board_view_set_edit_position (self->board_view, self->position);
  g_signal_connect_object (self->board_view, "edit-square", G_CALLBACK (edit_square_cb), self,
                           G_CONNECT_SWAPPED);
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (board_key_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->board_view), keys);
  drop = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_COPY);
  g_signal_connect_object (drop, "drop", G_CALLBACK (palette_drop_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->board_view), GTK_EVENT_CONTROLLER (drop));
  gtk_box_append (self->board_box, GTK_WIDGET (self->board_view));

  catur_theme_cache_set_theme (self->theme, variant,
                               catur_board_view_get_piece_theme (self->board_view), NULL);
  catur_theme_cache_set_pixel_size (self->theme,
                                    PALETTE_SIZE * gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  make_letters (self);
  build_palette (self);
  build_fields (self);
  refresh (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  return self;
}

CaturVariant *
catur_position_editor_get_variant (CaturPositionEditor *self)
{
  g_return_val_if_fail (CATUR_IS_POSITION_EDITOR (self), NULL);

  return self->variant;
}

/**
 * catur_position_editor_get_position:
 *
 * Returns: (transfer none): the position as set up so far
 */
const CaturPosition *
catur_position_editor_get_position (CaturPositionEditor *self)
{
  g_return_val_if_fail (CATUR_IS_POSITION_EDITOR (self), NULL);

  return self->position;
}

CaturBoardView *
catur_position_editor_get_board_view (CaturPositionEditor *self)
{
  g_return_val_if_fail (CATUR_IS_POSITION_EDITOR (self), NULL);

  return self->board_view;
}

/**
 * catur_position_editor_get_problem:
 *
 * Returns: (transfer full) (nullable): why the position cannot be played, or %NULL
 */
char *
catur_position_editor_get_problem (CaturPositionEditor *self)
{
  g_return_val_if_fail (CATUR_IS_POSITION_EDITOR (self), NULL);

  return catur_variant_check_position (self->variant, self->position);
}

/**
 * catur_position_editor_take_start:
 * @error: the reason when the position cannot be played
 *
 * The position set up, as a game starts from it: read back from its text, with the face-down
 * pieces dealt from the pool.
 *
 * Returns: (transfer full) (nullable): a new start position, or %NULL with @error set
 */
CaturPosition *
catur_position_editor_take_start (CaturPositionEditor *self,
                                  GError             **error)
{
  g_autofree char *problem = NULL;
  g_autofree char *text = NULL;
  CaturPosition *start;

  g_return_val_if_fail (CATUR_IS_POSITION_EDITOR (self), NULL);

  problem = catur_variant_check_position (self->variant, self->position);
  if (problem != NULL)
    {
      g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION,
                           problem);
      return NULL;
    }
  text = catur_variant_format (self->variant, self->position);
  start = catur_variant_parse (self->variant, text, error);
  if (start != NULL && self->geometry.has_hidden)
    catur_variant_deal_hidden (self->variant, start, g_random_int ());
  return start;
}

/**
 * catur_position_editor_choose_piece:
 * @letter: a piece's letter, as the palette's names show it (`N`, `n`, `+P`)
 *
 * Chooses the palette piece put down by a click, as typing the letter on the board does.
 *
 * Returns: whether a palette piece has that letter
 */
gboolean
catur_position_editor_choose_piece (CaturPositionEditor *self,
                                    const char          *letter)
{
  g_return_val_if_fail (CATUR_IS_POSITION_EDITOR (self), FALSE);
  g_return_val_if_fail (letter != NULL, FALSE);

  for (guint i = 0; i < self->n_pieces; i++)
    if (g_str_equal (g_ptr_array_index (self->letters, i), letter))
      {
        choose_tool (self, i);
        return TRUE;
      }
  return FALSE;
}

/**
 * catur_position_editor_set_text:
 * @text: a position text (FEN, SFEN, BFEN)
 *
 * Sets up the position @text gives, as Enter in the text field does; a text that cannot be
 * read leaves the position as it was and says why.
 *
 * Returns: whether @text was read
 */
gboolean
catur_position_editor_set_text (CaturPositionEditor *self,
                                const char          *text)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *parsed;

  g_return_val_if_fail (CATUR_IS_POSITION_EDITOR (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  parsed = catur_variant_parse (self->variant, text, &error);
  if (parsed == NULL)
    {
      /* Translators: %s says what is wrong with the text, such as "Field 2 (side to move):
       * must be “w” or “b”" */
      g_autofree char *sentence = g_strdup_printf (_("The text was not read: %s."),
                                                   error->message);

      gtk_label_set_text (self->problem_label, sentence);
      gtk_widget_remove_css_class (GTK_WIDGET (self->problem_label), "success");
      gtk_widget_add_css_class (GTK_WIDGET (self->problem_label), "error");
      say (self, sentence);
      return FALSE;
    }
  set_position (self, parsed);
  say_change (self, _("Position set up from the text"));
  return TRUE;
}

/**
 * catur_position_editor_key_press:
 * @keyval: the key
 * @state: the modifiers held
 *
 * What a key pressed on the editor's board does: a piece's letter puts it under the cursor,
 * Delete takes a piece away; the board's own keys (the arrows, a square's name) come after.
 *
 * Returns: whether the key was used
 */
gboolean
catur_position_editor_key_press (CaturPositionEditor *self,
                                 guint                keyval,
                                 GdkModifierType      state)
{
  g_return_val_if_fail (CATUR_IS_POSITION_EDITOR (self), FALSE);

  return editor_key (self, keyval, state)
         || catur_board_view_key_press (self->board_view, keyval, state);
}

/**
 * catur_position_editor_get_field_widget:
 * @id: a #CaturPositionField id
 *
 * Returns: (transfer none) (nullable): the widget that sets the field: an #AdwComboRow, a
 *   #GtkSwitch or a #GtkSpinButton
 */
GtkWidget *
catur_position_editor_get_field_widget (CaturPositionEditor *self,
                                        const char          *id)
{
  g_return_val_if_fail (CATUR_IS_POSITION_EDITOR (self), NULL);

  for (guint i = 0; i < self->n_fields; i++)
    if (g_str_equal (self->fields[i].id, id))
      return g_ptr_array_index (self->field_widgets, i);
  return NULL;
}

/**
 * catur_position_editor_get_problem_label:
 *
 * Returns: (transfer none): the label that says whether the position can be played
 */
GtkLabel *
catur_position_editor_get_problem_label (CaturPositionEditor *self)
{
  g_return_val_if_fail (CATUR_IS_POSITION_EDITOR (self), NULL);

  return self->problem_label;
}
