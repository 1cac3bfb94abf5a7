/* catur-variant-private.h: what the files of the variant contract share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "catur.h"

G_BEGIN_DECLS

#define CATUR_VARIANT_IFACE(self) CATUR_VARIANT_GET_IFACE (self)

const CaturPosition *catur_variant_public_view (CaturVariant         *self,
                                                const CaturPosition  *position,
                                                CaturPosition       **owned);

const CaturSetupOption *catur_variant_add_clock_option (CaturVariant           *self,
                                                       const CaturSetupOption *own,
                                                       guint                   n_own,
                                                       guint                  *n_options);

GStrv catur_variant_list_resources (CaturVariant *self,
                                    const char   *folder);

G_END_DECLS
