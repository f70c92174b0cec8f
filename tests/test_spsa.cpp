// The tunables as `spsa` offers them to a tuner: subsets by room, set, name and prefix.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "core/tunable.hpp"

using namespace sente;

TEST_CASE("Tunables: spsa selects by room, set, name and prefix, and refuses what selects nothing",
          "[tune]") {
    static int alpha = 1, beta = 2, gamma = 3;
    register_tunable("SelectAlpha", &alpha, 0, 10);
    register_tunable("SelectBeta", &beta, 0, 10);
    register_tunable("OtherGamma", &gamma, 0, 10, "src/elsewhere/file.cpp");
    register_tunable_set("selectset", "SelectBeta, OtherGamma");
    register_tunable_set("brokenset", "SelectAlpha NoSuchThing");
    auto names = [](const std::vector<std::string>& terms) {
        const TunableSelection s = select_tunables(terms);
        INFO(s.error);
        CHECK(s.error.empty());
        std::string out;
        for (const Tunable* t : s.tunables) out += t->name + ' ';
        return out;
    };
    // The room is the directory of the file that registers: here the tests'.
    const auto& all = tunables();
    auto found =
        std::find_if(all.begin(), all.end(), [](const Tunable& t) { return t.name == "SelectAlpha"; });
    REQUIRE(found != all.end());
    CHECK(found->room == "tests");

    CHECK(names({"SelectAlpha"}) == "SelectAlpha ");
    CHECK(names({"select*"}) == "SelectAlpha SelectBeta ");  // without regard to case
    CHECK(names({"elsewhere"}) == "OtherGamma ");
    CHECK(names({"SELECTSET"}) == "SelectBeta OtherGamma ");
    // Registration order, each once, whether the terms come as words or with commas.
    CHECK(names({"OtherGamma,selectalpha", "Select*"}) == "SelectAlpha SelectBeta OtherGamma ");
    CHECK(select_tunables({}).tunables.size() == all.size());

    TunableSelection bad = select_tunables({"SelectAlpha", "NoSuchThing"});
    CHECK(bad.tunables.empty());
    CHECK(bad.error.find("nothing is called 'NoSuchThing'") != std::string::npos);
    CHECK(bad.error.find("elsewhere") != std::string::npos);  // the rooms and sets are listed
    CHECK(bad.error.find("selectset") != std::string::npos);
    CHECK(select_tunables({"brokenset"}).error.find("the set brokenset names 'NoSuchThing'")
          != std::string::npos);
    CHECK(select_tunables({"*"}).error.find("nothing is called '*'") != std::string::npos);

    CHECK(spsa_input({"SelectAlpha"}).lines == "SelectAlpha, int, 1, 0, 10, 0.5, 0.002\n");
    CHECK(spsa_input({"SelectAlpha"}).error.empty());
    CHECK(spsa_input({"NoSuchThing"}).error.rfind("spsa: nothing is called", 0) == 0);
}
