//! Lua: locals hide globals, a module is what `require` of its file returns, and a
//! function stored in a table is reached through that table (`M.f()`, `self:f()`),
//! never by a bare name. A global no definition of the tree gives is not known to be a
//! library's.

mod common;

use common::answers::{breaks_both_ways, depends, has_all};
use common::tree;

const DAO: &str = "\
local schema = require(\"app.schema\")
local check_phase = require(\"app.phases\").check
local cjson = require \"cjson.safe\"
local fmt = string.format
local io = io
local DAO = {}
DAO.__index = DAO

local function check(x)
  return x
end

function DAO:select(pk, options)
  local ok, err = check(pk)
  for i, v in ipairs(options) do
    print(fmt(\"%d\", i), v)
  end
  self:row_to_entity(ok)
  schema.validate(err)
  check_phase(\"access\")
  io.write(cjson.encode(pk))
  ngx.log(ngx.ERR, \"x\")
  return self.schema:extract(pk)
end

function DAO:row_to_entity(row)
  local self = setmetatable({}, DAO)
  return self:select(row)
end
function DAO.new()
  return self:select()
end
function DAO.with(self)
  return self:select()
end
local later
local function use_later()
  return later()
end
function later()
  return 1
end
return DAO
";

const SCHEMA: &str = "\
local Schema = {}
local function validate(x) return x end
function Schema.validate(x) return validate(x) end
function ok() end
return Schema
";

const PHASES: &str = "\
local function check_phase(p) return p end
local function check(p) return p end
return {
  check = check_phase,
}
";

#[test]
fn a_lua_local_hides_a_global_and_a_required_module_gives_what_its_file_returns() {
    let dir = tree(&[
        ("app/dao.lua", DAO),
        ("app/schema.lua", SCHEMA),
        ("app/phases.lua", PHASES),
    ]);
    let got = depends(dir.path(), &["DAO.select"]);
    has_all(
        &got,
        &[
            "14 call check -> app/dao.lua:9",
            "15 call ipairs -> external:Lua",
            "16 call print -> external:Lua",
            // A copy of a standard function, and of a standard table.
            "16 call fmt -> external:Lua",
            "21 call io.write -> external:Lua",
            "18 call self.row_to_entity -> app/dao.lua:26",
            // The table the module file returns, not its `local function` of the name.
            "19 call schema.validate -> app/schema.lua:3",
            // A field of a returned table constructor.
            "20 call check_phase -> app/phases.lua:1",
            "21 call cjson.encode -> external:cjson.safe",
            // A global of the host (OpenResty's `ngx`): not known to be a library's.
            "22 call ngx.log -> ?",
            "23 call self.schema.extract -> ?",
        ],
    );
    // `ok` is the local, not the global function of another file; the method's own
    // name is no use of it.
    assert!(
        !got.iter()
            .any(|d| d.contains("app/schema.lua:4") || d.starts_with("13 ")),
        "{got:#?}"
    );
    // A local named `self` is some other value, and a function declared with a dot
    // has no `self` unless it names one.
    has_all(
        &depends(dir.path(), &["DAO.row_to_entity"]),
        &["28 call self.select -> ?"],
    );
    has_all(
        &depends(dir.path(), &["DAO.new"]),
        &["31 call self.select -> ?"],
    );
    has_all(
        &depends(dir.path(), &["DAO.with"]),
        &["34 call self.select -> app/dao.lua:13"],
    );
    // A local declared before the function that is assigned to it.
    has_all(
        &depends(dir.path(), &["use_later"]),
        &["38 call later -> app/dao.lua:40"],
    );
}

#[test]
fn a_lua_function_kept_in_a_table_is_never_called_by_its_bare_name() {
    let dir = tree(&[
        ("app/schema.lua", SCHEMA),
        (
            "app/user.lua",
            "local string = {}\nlocal function go()\n  validate(1)\n  ok()\n  check_phase(2)\n\
             \x20 string.format(3)\nend\n",
        ),
    ]);
    // `validate` is a field of `Schema` and a `local function` of its file; `ok` is a
    // global function; `check_phase` is defined nowhere this file can see; the file's
    // own `string` hides the standard table.
    has_all(
        &depends(dir.path(), &["go"]),
        &[
            "3 call validate -> ?",
            "4 call ok -> app/schema.lua:4",
            "5 call check_phase -> ?",
            "6 call string.format -> ?",
        ],
    );
    // What-breaks finds the method through the table a module returns.
    let dir = tree(&[
        ("app/dao.lua", DAO),
        ("app/schema.lua", SCHEMA),
        ("app/phases.lua", PHASES),
    ]);
    let uses = breaks_both_ways(dir.path(), &["Schema.validate"]);
    assert_eq!(uses, ["app/dao.lua:19 definition"], "{uses:?}");
}

#[test]
fn a_lua_module_is_looked_for_where_require_looks_not_in_a_fixture_of_its_name() {
    let dir = tree(&[
        (
            "src/main.lua",
            "local util = require(\"util\")\nlocal lib = require(\"lib.helper\")\n\
             local function go()\n  util.run()\n  lib.run()\n  require(\"lib.helper\").run()\n\
             \x20 require \"cjson.safe\".new()\nend\nreturn go\n",
        ),
        (
            "spec/fixtures/util.lua",
            "local M = {}\nfunction M.run() end\nreturn M\n",
        ),
        (
            "src/lib/helper.lua",
            "local M = {}\nfunction M.run() end\nreturn M\n",
        ),
    ]);
    has_all(
        &depends(dir.path(), &["go"]),
        &[
            "4 call util.run -> ?",
            "5 call lib.run -> src/lib/helper.lua:2",
            // A module loaded on the spot.
            "6 call require(\"lib.helper\").run -> src/lib/helper.lua:2",
            "7 call require \"cjson.safe\".new -> external:cjson.safe",
        ],
    );
}

#[test]
fn a_lua_table_key_is_no_use_of_a_function_of_its_name() {
    let dir = tree(&[(
        "a.lua",
        "local function get(x)\n  return x\nend\n\
         local function make()\n  local t = { get = function(a) return a end, n = 1 }\n\
         \x20 local u = { get = get, [get] = 2 }\n  return t, u\nend\n",
    )]);
    let got = depends(dir.path(), &["a.lua:4"]);
    // The value `get` and the computed key `[get]` are uses; the key `get =` is not.
    assert_eq!(
        got,
        ["6 reference get -> a.lua:1", "6 reference get -> a.lua:1"],
        "{got:#?}"
    );
}
