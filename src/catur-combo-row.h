/* catur-combo-row.h: combo rows whose choices are never cut short
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void catur_combo_row_show_choices_whole (AdwComboRow *row);
void catur_combo_row_say_choice (AdwComboRow *row);

G_END_DECLS
