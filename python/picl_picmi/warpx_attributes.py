# warpx_attributes.py: the attributes WarpX's own picmi classes set from their warpx_... arguments
# (WarpX's scripts assign some after construction: simulation.current_deposition_algo = "direct").
# Names only, listed from WarpX (github.com/BLAST-WarpX/warpx) commit
# 1b312c62376a06befd668af052a0333226ca8fb2, Python/pywarpx/picmi.py (licence BSD-3-Clause-LBNL):
# `self.NAME = kw.pop("warpx_ARG", ...)` in class CLASS. picmi.py takes such an assignment as the
# argument warpx_ARG, which picl honours or names in the "ignored" line, as if given at construction.

# class -> the attributes named as their argument (NAME == ARG)
SAME = {
    "Species": (
        "boost_adjust_transverse_positions self_fields_required_precision self_fields_absolute_tolerance "
        "self_fields_max_iters self_fields_verbosity save_previous_position do_not_deposit do_not_push "
        "do_not_gather radial_numpercell_power random_theta reflection_model_xlo reflection_model_xhi "
        "reflection_model_ylo reflection_model_yhi reflection_model_zlo reflection_model_zhi "
        "save_particles_at_xlo save_particles_at_xhi save_particles_at_ylo save_particles_at_yhi "
        "save_particles_at_zlo save_particles_at_zhi save_particles_at_eb do_resampling "
        "resampling_algorithm resampling_min_ppc resampling_trigger_intervals "
        "resampling_algorithm_target_ratio resampling_algorithm_target_weight "
        "resampling_algorithm_velocity_grid_type resampling_algorithm_delta_ur "
        "resampling_algorithm_n_theta resampling_algorithm_n_phi resampling_algorithm_delta_u "
        "do_temperature_deposition"
    ),
    "GaussianBunchDistribution": "do_symmetrize symmetrization_order",
    "FluxDistributionBase": "inject_from_embedded_boundary",
    "AnalyticDistribution": "density_min density_max momentum_spread_expressions",
    "CylindricalGrid": (
        "max_grid_size max_grid_size_x max_grid_size_y blocking_factor blocking_factor_x "
        "blocking_factor_y reflect_all_velocities start_moving_window_step end_moving_window_step"
    ),
    "Cartesian1DGrid": (
        "max_grid_size max_grid_size_x blocking_factor blocking_factor_x start_moving_window_step "
        "end_moving_window_step"
    ),
    "Cartesian2DGrid": (
        "max_grid_size max_grid_size_x max_grid_size_y blocking_factor blocking_factor_x "
        "blocking_factor_y start_moving_window_step end_moving_window_step"
    ),
    "Cartesian3DGrid": (
        "max_grid_size max_grid_size_x max_grid_size_y max_grid_size_z blocking_factor blocking_factor_x "
        "blocking_factor_y blocking_factor_z start_moving_window_step end_moving_window_step"
    ),
    "ElectromagneticSolver": (
        "pml_ncell psatd_update_with_rho psatd_do_time_averaging psatd_JRhom do_pml_in_domain "
        "pml_has_particles do_pml_j_damping"
    ),
    "ElectrostaticSolver": (
        "relativistic absolute_tolerance self_fields_verbosity magnetostatic "
        "magnetostatic_required_precision magnetostatic_absolute_tolerance magnetostatic_max_iters "
        "magnetostatic_verbosity effective_potential effective_potential_factor "
        "effective_potential_time_filter_param effective_potential_density_floor cfl dt_update_interval "
        "max_dt"
    ),
    "LoadInitialField": "do_initial_div_cleaning",
    "AnalyticInitialField": "maxlevel_extEMfield_init do_initial_div_cleaning",
    "LoadAppliedField": "do_initial_div_cleaning",
    "Simulation": (
        "evolve_scheme current_deposition_algo charge_deposition_algo field_gathering_algo "
        "particle_pusher_algo use_filter grid_type do_current_centering field_centering_order "
        "current_centering_order serialize_initial_conditions random_seed do_dynamic_scheduling "
        "roundrobin_sfc load_balance_intervals load_balance_efficiency_ratio_threshold "
        "load_balance_with_sfc load_balance_knapsack_factor load_balance_costs_update "
        "costs_heuristic_particles_wt costs_heuristic_cells_wt use_fdtd_nci_corr amr_check_input "
        "amr_restart amrex_the_arena_is_managed amrex_the_arena_init_size amrex_use_gpu_aware_mpi "
        "do_device_synchronize zmax_plasma_to_compute_max_step compute_max_step_from_btd sort_intervals "
        "sort_particles_for_deposition sort_idx_type sort_bin_size used_inputs_file collisions "
        "collisions_split_momentum_push embedded_boundary break_signals checkpoint_signals numprocs "
        "reduced_diags_path reduced_diags_extension reduced_diags_intervals reduced_diags_separator "
        "reduced_diags_precision synchronize_velocity self_fields_required_precision "
        "self_fields_absolute_tolerance self_fields_max_iters self_fields_verbosity"
    ),
    "FieldDiagnostic": (
        "plot_raw_fields plot_raw_fields_guards plot_finepatch plot_crsepatch format openpmd_backend "
        "openpmd_encoding file_prefix file_min_digits dump_rz_modes dump_last_timestep "
        "particle_fields_to_plot particle_fields_species verbose"
    ),
    "TimeAveragedFieldDiagnostic": "time_average_mode average_period_steps average_period_time average_start_step",
    "Checkpoint": "file_prefix file_min_digits verbose",
    "ParticleDiagnostic": (
        "format openpmd_backend openpmd_encoding file_prefix file_min_digits random_fraction "
        "uniform_stride plot_filter_function dump_last_timestep verbose"
    ),
    "LabFrameFieldDiagnostic": (
        "format openpmd_backend openpmd_encoding file_prefix intervals file_min_digits buffer_size "
        "lower_bound upper_bound verbose"
    ),
    "LabFrameParticleDiagnostic": (
        "format openpmd_backend openpmd_encoding file_prefix intervals file_min_digits buffer_size "
        "verbose"
    ),
    "ParticleBoundaryScrapingDiagnostic": (
        "format openpmd_backend openpmd_encoding file_prefix file_min_digits random_fraction "
        "uniform_stride plot_filter_function dump_last_timestep"
    ),
}
# class -> {attribute: argument} where they differ
RENAMED = {
    "Species": {
        "resampling_triggering_max_avg_ppc": "resampling_trigger_max_avg_ppc",
        "extra_int_attributes": "add_int_attributes",
        "extra_real_attributes": "add_real_attributes",
    },
    "CylindricalGrid": {
        "potential_xmin": "potential_lo_r",
        "potential_xmax": "potential_hi_r",
        "potential_zmin": "potential_lo_z",
        "potential_zmax": "potential_hi_z",
        "thermal_boundary_u_th": "boundary_u_th",
    },
    "Cartesian1DGrid": {
        "potential_zmin": "potential_lo_z",
        "potential_zmax": "potential_hi_z",
        "thermal_boundary_u_th": "boundary_u_th",
    },
    "Cartesian2DGrid": {
        "potential_xmin": "potential_lo_x",
        "potential_xmax": "potential_hi_x",
        "potential_zmin": "potential_lo_z",
        "potential_zmax": "potential_hi_z",
        "thermal_boundary_u_th": "boundary_u_th",
    },
    "Cartesian3DGrid": {
        "potential_xmin": "potential_lo_x",
        "potential_xmax": "potential_hi_x",
        "potential_ymin": "potential_lo_y",
        "potential_ymax": "potential_hi_y",
        "potential_zmin": "potential_lo_z",
        "potential_zmax": "potential_hi_z",
        "thermal_boundary_u_th": "boundary_u_th",
    },
    "ElectromagneticSolver": {
        "psatd_periodic_single_box_fft": "periodic_single_box_fft",
        "psatd_current_correction": "current_correction",
    },
    "LoadInitialField": {
        "div_cleaner_atol": "projection_div_cleaner_atol",
        "div_cleaner_rtol": "projection_div_cleaner_rtol",
    },
    "AnalyticInitialField": {
        "div_cleaner_atol": "projection_div_cleaner_atol",
        "div_cleaner_rtol": "projection_div_cleaner_rtol",
    },
    "LoadAppliedField": {
        "div_cleaner_atol": "projection_div_cleaner_atol",
        "div_cleaner_rtol": "projection_div_cleaner_rtol",
        "warpx_E_time_function": "E_time_function",
        "warpx_B_time_function": "B_time_function",
    },
}


def warpx_argument(cls_name, attribute):
    """WarpX's argument (warpx_...) behind an attribute of its class cls_name, or None."""
    renamed = RENAMED.get(cls_name, {})
    if attribute in renamed:
        return "warpx_" + renamed[attribute]
    if attribute in SAME.get(cls_name, "").split():
        return "warpx_" + attribute
    return None
