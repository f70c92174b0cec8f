# Decides SENTE_USE_PEXT. PEXT is a single fast instruction on Intel since Haswell and on AMD since
# Zen 3, but microcoded and slower than magic multiplication on AMD Zen 1 and Zen 2 (family 0x17).
# AUTO therefore asks the building CPU, and only for native builds: a portable binary may meet any CPU.

set(SENTE_USE_PEXT OFF)
set(SENTE_PEXT_REASON "")
if(SENTE_PEXT STREQUAL "ON")
  set(SENTE_USE_PEXT ON)
  set(SENTE_PEXT_REASON "requested")
elseif(SENTE_PEXT STREQUAL "OFF")
  set(SENTE_PEXT_REASON "requested off")
elseif(NOT SENTE_NATIVE)
  set(SENTE_PEXT_REASON "portable build")
elseif(NOT CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64|amd64")
  set(SENTE_PEXT_REASON "not x86-64")
else()
  try_run(pext_run pext_compiled
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/pext_check.cpp
    RUN_OUTPUT_VARIABLE pext_output)
  if(pext_compiled AND pext_run EQUAL 0)
    set(SENTE_USE_PEXT ON)
  endif()
  string(STRIP "${pext_output}" SENTE_PEXT_REASON)
endif()
