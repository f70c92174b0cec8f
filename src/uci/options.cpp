#include "uci/options.hpp"

#include <algorithm>
#include <cctype>

#include "util/parse.hpp"

namespace sente::uci {

namespace {

bool iequals(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

}  // namespace

void Options::add_check(std::string name, bool default_value, std::function<void(bool)> on_change) {
    std::string text = default_value ? "true" : "false";
    entries_.push_back({std::move(name), Type::Check, text, 0, 0, text,
                        [f = std::move(on_change)](const std::string& v) { f(v == "true"); }});
}

void Options::add_spin(std::string name, long long default_value, long long min, long long max,
                       std::function<void(long long)> on_change) {
    std::string text = std::to_string(default_value);
    entries_.push_back({std::move(name), Type::Spin, text, min, max, text,
                        [f = std::move(on_change)](const std::string& v) { f(*util::parse<long long>(v)); }});
}

void Options::add_button(std::string name, std::function<void()> on_press) {
    entries_.push_back({std::move(name), Type::Button, "", 0, 0, "",
                        [f = std::move(on_press)](const std::string&) { f(); }});
}

void Options::add_string(std::string name, std::string default_value, Handler on_change) {
    entries_.push_back(
        {std::move(name), Type::String, default_value, 0, 0, default_value, std::move(on_change)});
}

std::vector<std::string> Options::uci_lines() const {
    std::vector<std::string> lines;
    for (const Entry& e : entries_) {
        if (e.hidden) continue;
        std::string line = "option name " + e.name + " type ";
        switch (e.type) {
            case Type::Check:
                line += "check default " + e.default_value;
                break;
            case Type::Spin:
                line += "spin default " + e.default_value + " min " + std::to_string(e.min) + " max "
                        + std::to_string(e.max);
                break;
            case Type::Button:
                line += "button";
                break;
            case Type::String:
                line +=
                    "string default " + (e.default_value.empty() ? std::string("<empty>") : e.default_value);
                break;
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

void Options::hide(std::string_view name) {
    if (Entry* e = find(name)) e->hidden = true;
}

Options::Entry* Options::find(std::string_view name) {
    auto it =
        std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return iequals(e.name, name); });
    return it == entries_.end() ? nullptr : &*it;
}

const Options::Entry* Options::find(std::string_view name) const {
    return const_cast<Options*>(this)->find(name);
}

void Options::set(std::string_view name, std::string_view value,
                  const std::function<void(const std::string&)>& report) {
    Entry* e = find(name);
    if (!e) return report("error: no such option " + util::quoted(name));

    std::string v(value);
    switch (e->type) {
        case Type::Check:
            if (iequals(v, "true"))
                v = "true";
            else if (iequals(v, "false"))
                v = "false";
            else
                return report("error: option " + e->name + " takes true or false, not " + util::quoted(v));
            break;
        case Type::Spin: {
            const std::optional<std::int64_t> n = util::parse_clamped(v);
            if (!n)
                return report("error: option " + e->name + " takes a whole number, not " + util::quoted(v));
            const long long clamped = std::clamp<long long>(*n, e->min, e->max);
            if (clamped != *n)
                report(e->name + " set to " + std::to_string(clamped) + ", the nearest allowed value ("
                       + std::to_string(e->min) + " to " + std::to_string(e->max) + ")");
            v = std::to_string(clamped);
            break;
        }
        case Type::Button:
            break;
        case Type::String:
            // The empty string as GUIs write it: nothing, `<empty>` (as `uci` lists it) or "".
            if (v == "<empty>" || v == "\"\"") v.clear();
            break;
    }
    e->value = v;
    if (e->on_change) e->on_change(v);
}

std::optional<std::string> Options::value(std::string_view name) const {
    const Entry* e = find(name);
    if (!e) return std::nullopt;
    return e->value;
}

}  // namespace sente::uci
