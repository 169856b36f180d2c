// The Catch2 runner for every unit test file in this folder.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
