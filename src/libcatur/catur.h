/* catur.h: the contract shared by the shell, the plugins and catur-engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#define CATUR_INSIDE
#include "catur-types.h"
#include "catur-fen.h"
#include "catur-theme.h"
#include "catur-tray.h"
#include "catur-counter.h"
#include "catur-repetition.h"
#include "catur-search.h"
#include "catur-variant.h"
#include "catur-judge.h"
#include "catur-threats.h"
#include "catur-clock.h"
#include "catur-engine-client.h"
#include "catur-engine-host.h"
#include "catur-engine-list.h"
#include "catur-game.h"
#include "catur-analysis.h"
#include "catur-record.h"
#include "catur-pgn.h"
#include "catur-autosave.h"
#include "catur-plugins.h"
#include "catur-lesson.h"
#include "catur-solver.h"
#include "catur-puzzle.h"
#include "catur-drills.h"
#include "catur-net-discovery.h"
#include "catur-net-wire.h"
#include "catur-net-session.h"
#include "catur-net-deal.h"
#include "catur-net-cert.h"
#include "catur-net-invite.h"
#include "catur-net-transport.h"
#include "catur-net-knock.h"
#include "catur-net-play.h"
#undef CATUR_INSIDE
