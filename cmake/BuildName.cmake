# Writes OUT from IN (src/version.hpp.in) with the build's name as scripts/build-name.sh gives it
# for the tree at ROOT; run at every build, it rewrites OUT only when the name changes (a new
# commit), so that only what includes version.hpp is rebuilt then.
execute_process(COMMAND sh ${ROOT}/scripts/build-name.sh ${ROOT}
                OUTPUT_VARIABLE SENTE_BUILD_NAME OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE failed)
if(failed OR NOT SENTE_BUILD_NAME)
  message(FATAL_ERROR "scripts/build-name.sh gave no name for ${ROOT}")
endif()
configure_file(${IN} ${OUT} @ONLY)
