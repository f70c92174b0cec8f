// The UCI option table: one entry per option (name, type, default, bounds, what a change does).
// The `uci` listing is generated from it, and names match case-insensitively.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sente::uci {

class Options {
public:
    using Handler = std::function<void(const std::string& value)>;

    void add_check(std::string name, bool default_value, std::function<void(bool)> on_change);
    void add_spin(std::string name, long long default_value, long long min, long long max,
                  std::function<void(long long)> on_change);
    void add_button(std::string name, std::function<void()> on_press);
    void add_string(std::string name, std::string default_value, Handler on_change);
    // Hidden options work with setoption but are not listed (research switches).
    void hide(std::string_view name);

    // "option name ... type ..." lines for the `uci` reply.
    std::vector<std::string> uci_lines() const;

    // Applies `setoption`, handing `report` each message for the GUI in the order it arises: an
    // error (prefixed "error: ") when the name or value is refused, else a note when a number was
    // clamped, before anything the option's own change reports.
    void set(std::string_view name, std::string_view value,
             const std::function<void(const std::string&)>& report);

    // The current value as text (for tests and `d`).
    std::optional<std::string> value(std::string_view name) const;

private:
    enum class Type { Check, Spin, Button, String };
    struct Entry {
        std::string name;
        Type type;
        std::string default_value;
        long long min = 0, max = 0;
        std::string value;
        Handler on_change;
        bool hidden = false;
    };
    Entry* find(std::string_view name);
    const Entry* find(std::string_view name) const;

    std::vector<Entry> entries_;
};

}  // namespace sente::uci
