// The game contract, whole: the concepts (engine/contract.hpp), a state
// behind one interface (engine/any_state.hpp), parameters
// (engine/params.hpp) and states written as their history
// (engine/history.hpp). Include the part you need where one is enough.
#pragma once

#include "engine/any_state.hpp"
#include "engine/contract.hpp"
#include "engine/history.hpp"
#include "engine/params.hpp"
